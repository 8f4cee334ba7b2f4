/**
 * Messaging channels' shared rules (01 §1, 02 §3–§4; issue #12).
 */

/** Template categories WhatsApp accepts. */
export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/**
 * How a template's provider status is shown (02 §4): 'Aprobada' and 'Pre-aprobada' as success,
 * 'Rechazada' as destructive. Meta's statuses in review (PENDING, IN_APPEAL) read as
 * 'Pre-aprobada'; the ones that stop a template (REJECTED, PAUSED, DISABLED) as 'Rechazada'.
 */
export function templateStatusOf(providerStatus: string): 'approved' | 'preapproved' | 'rejected' {
  const status = providerStatus.toUpperCase();
  if (status === 'APPROVED') return 'approved';
  if (['REJECTED', 'PAUSED', 'DISABLED', 'PENDING_DELETION', 'DELETED'].includes(status)) {
    return 'rejected';
  }
  return 'preapproved';
}

/** WhatsApp template names: lower-case letters, digits and underscores. */
export const TEMPLATE_NAME_PATTERN = /^[a-z0-9_]{1,512}$/;
