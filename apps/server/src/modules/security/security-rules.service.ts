import type { Database, Executor } from '@cartera/db/client';
import type { SecurityRules } from '@cartera/domain/security';
import { changedFields, recordAudit, type AuditBy } from '../audit/audit.service';
import { changeTenantSection, tenantSettings } from '../tenant-settings/tenant-settings.service';

/*
 * The company's security rules (01 §7 /group/{id}/securityrule; issue #17): its password policy,
 * in `configs.security`. Only stricter than the product's own (ZSecurityRules refuses a minimum
 * under packages/domain/src/password.ts's). Sign-in and the password change read it
 * (modules/auth); the change-password checklist gets the minimum from `auth.me`.
 */

export async function securityRules(db: Executor, tenantId: string): Promise<SecurityRules> {
  const config = await tenantSettings(db, tenantId, 'security');
  return {
    passwordMinLength: config.passwordMinLength,
    passwordMaxAgeDays: config.passwordMaxAgeDays,
  };
}

/**
 * Changes the policy (the fields given; the others stay); it applies from each user's next
 * sign-in or password change. A change is audited (the fields before and after).
 */
export function updateSecurityRules(
  db: Database,
  tenantId: string,
  changes: Partial<SecurityRules>,
  by: AuditBy,
): Promise<SecurityRules> {
  return changeTenantSection(
    db,
    tenantId,
    'security',
    (current) => {
      const rules: SecurityRules = {
        passwordMinLength: changes.passwordMinLength ?? current.passwordMinLength,
        passwordMaxAgeDays: changes.passwordMaxAgeDays ?? current.passwordMaxAgeDays,
      };
      return { values: { ...rules }, result: rules };
    },
    async (tx, current, rules) => {
      const diff = changedFields(
        {
          passwordMinLength: current.passwordMinLength,
          passwordMaxAgeDays: current.passwordMaxAgeDays,
        },
        { ...rules },
      );
      if (!diff.changed) return;
      await recordAudit(tx, by, {
        action: 'security.rules',
        targetType: 'company',
        targetId: tenantId,
        groupId: tenantId,
        tenantId,
        before: diff.before,
        after: diff.after,
      });
    },
  );
}
