import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import type { ExternalTestOutcome } from '@cartera/domain/security';
import type { ExternalSystemConfig } from '@cartera/domain/tenant-settings';
import { checkOutboundUrl, outboundRequest, type OutboundResponse } from '../../lib/outbound';
import { openSecret } from '../../lib/secret-box';
import { es } from '@cartera/domain/i18n';

/**
 * Adapter of a tenant's external contact system (02 §4, §7): validation by POST to the
 * configured validate address (answer isValid, errorMessage, operationType), then POST to the
 * create address or PATCH to the update address with ?id={contactId}. Each call carries the
 * tenant's token as a bearer token. The system's own error text is passed on to the user (it is
 * the tenant's system, written for its users); transport failures become EXTERNAL_SYSTEM_ERROR.
 * The addresses are the tenant's: they are called through the outbound-URL guard.
 */
export interface ExternalSystem {
  name: string;
  validateUrl: string;
  createUrl: string;
  updateUrl: string;
  token: string;
}

export const ZExternalValidation = z.object({
  isValid: z.boolean(),
  errorMessage: z.string().nullable().default(null),
  operationType: z.enum(['creation', 'update']),
});
export type ExternalValidation = z.infer<typeof ZExternalValidation>;

const ZErrorBody = z
  .object({ error: z.string().optional(), message: z.string().optional() })
  .partial();

const TIMEOUT_MS = 5_000;

/**
 * The system of a tenant's configuration, ready to call: its token opened from the sealed one
 * (or taken as an older configuration stored it, in clear). A token that cannot be opened (the
 * instance's SECRETS_KEY changed) or none at all is the configuration's fault: no call is made
 * and nothing is saved without the system.
 */
export function externalSystemOf(config: ExternalSystemConfig): ExternalSystem {
  let token: string | undefined;
  try {
    token = config.tokenSealed ? openSecret(config.tokenSealed) : config.token;
  } catch (error) {
    throw new DomainError('EXTERNAL_SYSTEM_ERROR', { system: config.name }, { cause: error });
  }
  if (!token) throw new DomainError('EXTERNAL_SYSTEM_ERROR', { system: config.name });
  return {
    name: config.name,
    validateUrl: config.validateUrl,
    createUrl: config.createUrl,
    updateUrl: config.updateUrl,
    token,
  };
}

async function call(system: ExternalSystem, method: 'POST' | 'PATCH', url: string, body: unknown) {
  let answer: OutboundResponse;
  try {
    answer = await outboundRequest(url, {
      method,
      headers: {
        authorization: `Bearer ${system.token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(body),
      timeoutMs: TIMEOUT_MS,
    });
  } catch (error) {
    // An address the guard refuses is the configuration's fault: say so, not "no answer".
    if (error instanceof DomainError) throw error;
    throw new DomainError('EXTERNAL_SYSTEM_ERROR', { system: system.name }, { cause: error });
  }
  let json: unknown;
  try {
    json = answer.text ? JSON.parse(answer.text) : undefined;
  } catch {
    // Not JSON: treated like an empty answer.
  }
  return { ok: answer.ok, status: answer.status, json };
}

/** Asks the external system whether these values may be created or updated. */
export async function validateExternally(
  system: ExternalSystem,
  values: Record<string, unknown>,
  contactId: string | undefined,
): Promise<ExternalValidation> {
  const answer = await call(system, 'POST', system.validateUrl, {
    ...values,
    ...(contactId ? { _id: contactId } : {}),
  });
  const parsed = ZExternalValidation.safeParse(answer.json);
  if (!answer.ok || !parsed.success) {
    throw new DomainError('EXTERNAL_SYSTEM_ERROR', { system: system.name });
  }
  return parsed.data;
}

/**
 * Sends the saved contact to the external system: POST to create, PATCH ?id= to update. A
 * refusal carries the system's message in `details.message`.
 */
export async function sendExternally(
  system: ExternalSystem,
  operation: 'creation' | 'update',
  contactId: string,
  values: Record<string, unknown>,
) {
  const url =
    operation === 'creation'
      ? system.createUrl
      : `${system.updateUrl}${system.updateUrl.includes('?') ? '&' : '?'}id=${encodeURIComponent(contactId)}`;
  const answer = await call(
    system,
    operation === 'creation' ? 'POST' : 'PATCH',
    url,
    operation === 'creation' ? { ...values, _id: contactId } : values,
  );
  if (!answer.ok) {
    const body = ZErrorBody.safeParse(answer.json);
    throw new DomainError('EXTERNAL_SYSTEM_ERROR', {
      system: system.name,
      operation,
      message: (body.success && (body.data.error || body.data.message)) || '',
    });
  }
}

/** What 'Probar conexión' sends to the validate address: a made-up contact, never saved. */
export const CONNECTION_PROBE = {
  firstName: es.security.external.testContactName,
  lastName: 'Cartera',
  phones: [],
  emails: [],
};

/**
 * 'Probar conexión' (issue #17): every address must pass the outbound guard, then the validate
 * address is asked about CONNECTION_PROBE with the token. Only validation is called, so nothing
 * is created in the system. The outcome, not an exception: the screen reports each case.
 */
export async function testExternalSystem(
  system: ExternalSystem,
): Promise<{ outcome: ExternalTestOutcome; status: number | null; durationMs: number }> {
  const started = Date.now();
  const result = (outcome: ExternalTestOutcome, status: number | null = null) => ({
    outcome,
    status,
    durationMs: Date.now() - started,
  });
  try {
    for (const url of [system.validateUrl, system.createUrl, system.updateUrl]) {
      checkOutboundUrl(url);
    }
  } catch {
    return result('notAllowed');
  }
  let answer: OutboundResponse;
  try {
    answer = await outboundRequest(system.validateUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${system.token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(CONNECTION_PROBE),
      timeoutMs: TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'OUTBOUND_URL_NOT_ALLOWED') {
      return result('notAllowed');
    }
    return result('unreachable');
  }
  if (answer.status === 401 || answer.status === 403) return result('unauthorized', answer.status);
  if (!answer.ok) return result('httpError', answer.status);
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return result('unexpectedAnswer', answer.status);
  }
  return ZExternalValidation.safeParse(json).success
    ? result('ok', answer.status)
    : result('unexpectedAnswer', answer.status);
}
