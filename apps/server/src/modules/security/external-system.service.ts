import type { Database, Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import {
  externalTestMessage,
  type ExternalSystemInput,
  type ExternalSystemView,
  type ExternalTestResult,
} from '@cartera/domain/security';
import type { ExternalSystemConfig } from '@cartera/domain/tenant-settings';
import { es } from '@cartera/domain/i18n';
import {
  externalSystemOf,
  testExternalSystem as callTestConnection,
} from '../../integrations/external-contacts/external-contacts.client';
import { checkOutboundUrl } from '../../lib/outbound';
import { sealSecret } from '../../lib/secret-box';
import { changedFields, recordAudit, type AuditBy } from '../audit/audit.service';
import { changeTenantSection, tenantSettings } from '../tenant-settings/tenant-settings.service';

/*
 * The company's external contact system (01 §7 /group/{id}/externalintegrations; 02 §4, §7;
 * issue #17), in `configs.contacts.externalSystem`, which the contact sheet reads
 * (modules/contacts/contacts.settings). Its token is sealed at rest (lib/secret-box) and never
 * answered: the answers say only whether one is set. Its addresses must pass the outbound guard
 * when saved (an address the operator did not allow is refused with field errors) and again at
 * every call.
 */

const text = es.security.external;
const URL_FIELDS = ['validateUrl', 'createUrl', 'updateUrl'] as const;

function viewOf(config: ExternalSystemConfig | undefined): ExternalSystemView | null {
  if (!config) return null;
  return {
    name: config.name,
    validateUrl: config.validateUrl,
    createUrl: config.createUrl,
    updateUrl: config.updateUrl,
    statsUrl: config.statsUrl ?? '',
    tokenSet: Boolean(config.tokenSealed || config.token),
  };
}

export async function externalIntegrations(db: Executor, tenantId: string) {
  const { externalSystem } = await tenantSettings(db, tenantId, 'contacts');
  return { externalSystem: viewOf(externalSystem) };
}

/** Field errors of the addresses the outbound guard refuses as written (an IP, a scheme). */
function guardErrors(input: ExternalSystemInput): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const field of URL_FIELDS) {
    try {
      checkOutboundUrl(input[field]);
    } catch {
      fields[`externalSystem.${field}`] = [text.outcomes.notAllowed];
    }
  }
  if (input.statsUrl) {
    try {
      checkOutboundUrl(input.statsUrl);
    } catch {
      fields['externalSystem.statsUrl'] = [text.outcomes.notAllowed];
    }
  }
  return fields;
}

/**
 * The audit entry of a change of the system: its name and addresses before and after, whether a
 * token is set, and that a new one was given; never the token itself, sealed or not.
 */
async function auditExternalSystem(
  tx: Executor,
  by: AuditBy,
  tenantId: string,
  before: ExternalSystemView | null,
  after: ExternalSystemView | null,
  tokenReplaced: boolean,
) {
  const target = {
    targetType: 'company' as const,
    targetId: tenantId,
    groupId: tenantId,
    tenantId,
  };
  if (!after) {
    if (!before) return;
    await recordAudit(tx, by, {
      action: 'externalSystem.disconnect',
      ...target,
      before: { ...before },
      after: null,
    });
    return;
  }
  const diff = changedFields<Record<string, unknown>>({ ...(before ?? {}) }, { ...after });
  if (!diff.changed && !tokenReplaced) return;
  await recordAudit(tx, by, {
    action: 'externalSystem.update',
    ...target,
    before: before ? diff.before : null,
    after: tokenReplaced ? { ...diff.after, tokenReplaced: true } : diff.after,
  });
}

/**
 * Sets the system (a token left out keeps the stored one; a first system must bring one) or,
 * with null, disconnects it: the addresses and the token are deleted. Audited.
 */
export async function updateExternalIntegrations(
  db: Database,
  tenantId: string,
  input: { externalSystem: ExternalSystemInput | null },
  by: AuditBy,
) {
  const system = input.externalSystem;
  if (system) {
    const fields = guardErrors(system);
    if (Object.keys(fields).length) throw new DomainError('INVALID_REQUEST_BODY', { fields });
  }
  type Answer = { externalSystem: ExternalSystemView | null };
  return changeTenantSection<'contacts', Answer>(
    db,
    tenantId,
    'contacts',
    (current) => {
      const stored = current.externalSystem;
      if (!system)
        return { values: { externalSystem: undefined }, result: { externalSystem: null } };
      const kept = stored?.tokenSealed
        ? { tokenSealed: stored.tokenSealed }
        : stored?.token
          ? { tokenSealed: sealSecret(stored.token) }
          : null;
      const token = system.token ? { tokenSealed: sealSecret(system.token) } : kept;
      if (!token) {
        throw new DomainError('INVALID_REQUEST_BODY', {
          fields: { 'externalSystem.token': [text.tokenRequired] },
        });
      }
      const config: ExternalSystemConfig = {
        name: system.name,
        validateUrl: system.validateUrl,
        createUrl: system.createUrl,
        updateUrl: system.updateUrl,
        ...(system.statsUrl ? { statsUrl: system.statsUrl } : {}),
        ...token,
      };
      return { values: { externalSystem: config }, result: { externalSystem: viewOf(config) } };
    },
    (tx, current, result) =>
      auditExternalSystem(
        tx,
        by,
        tenantId,
        viewOf(current.externalSystem),
        result.externalSystem,
        Boolean(system?.token),
      ),
  );
}

/**
 * 'Probar conexión': the system as the form holds it (its token left out: the stored one), or
 * the saved one; the outcome with its Spanish sentence. Nothing is stored.
 */
export async function testExternalIntegration(
  db: Executor,
  tenantId: string,
  draft: ExternalSystemInput | undefined,
): Promise<ExternalTestResult> {
  const { externalSystem: stored } = await tenantSettings(db, tenantId, 'contacts');
  let config: ExternalSystemConfig;
  if (draft) {
    const token: { token?: string | undefined; tokenSealed?: string | undefined } = draft.token
      ? { token: draft.token }
      : stored
        ? { token: stored.token, tokenSealed: stored.tokenSealed }
        : {};
    if (!token.token && !token.tokenSealed) {
      throw new DomainError('INVALID_REQUEST_BODY', {
        fields: { 'externalSystem.token': [text.tokenRequired] },
      });
    }
    config = { ...draft, ...token };
  } else {
    if (!stored) throw new DomainError('DISABLED_FEATURE');
    config = stored;
  }
  const result = await callTestConnection(externalSystemOf(config));
  return {
    ...result,
    message: externalTestMessage(result.outcome, { ...result, name: config.name }),
  };
}
