import type { Executor } from '@cartera/db/client';
import type { ExternalStats } from '@cartera/domain/security';
import { externalSystemOf } from '../../integrations/external-contacts/external-contacts.client';
import { fetchExternalStats } from '../../integrations/external-contacts/external-stats.client';
import { readableContact } from '../access/contacts';
import type { AuthUser } from '../sessions/session.types';
import { tenantSettings } from '../tenant-settings/tenant-settings.service';

/**
 * The conversation's external statistics panel (03 §7 'External statistics', issue #43 item 3):
 * for a contact the caller may read, the company's external system is asked at its statistics
 * address with ?id={contactId} and its sealed token, opened here and never answered. Without a
 * system or a statistics address there is nothing to ask (`configured: false`).
 */
export async function externalContactStats(
  db: Executor,
  user: AuthUser,
  contactId: string,
): Promise<ExternalStats> {
  const contact = await readableContact(db, user, contactId);
  const { externalSystem } = await tenantSettings(db, user.tenantId, 'contacts');
  if (!externalSystem?.statsUrl) return { configured: false, items: [] };
  const items = await fetchExternalStats(
    externalSystemOf(externalSystem),
    externalSystem.statsUrl,
    contact.id,
  );
  return { configured: true, items };
}
