import { z } from 'zod';
import { format } from './i18n/es';
import { ZHttpUrl } from './input';
import { securityEs } from './i18n/security.es';
import { MAX_PASSWORD_MIN_LENGTH, MIN_PASSWORD_LENGTH } from './password';
import { MAX_PASSWORD_AGE_DAYS, type SecurityConfig } from './tenant-settings';

/*
 * 'Mi Empresa' › 'Seguridad e integraciones' (issue #17): the company's security rules (its
 * password policy, 01 §7 /group/{id}/securityrule) and its external contact system (01 §7
 * /group/{id}/externalintegrations; 02 §4, §7). The inputs the screen and the server share.
 */

const rulesText = securityEs.rules;
const externalText = securityEs.external;

const minLengthInvalid = format(rulesText.minLengthInvalid, {
  min: MIN_PASSWORD_LENGTH,
  max: MAX_PASSWORD_MIN_LENGTH,
});
const maxAgeInvalid = format(rulesText.maxAgeInvalid, { max: MAX_PASSWORD_AGE_DAYS });

/** The company's password policy as it is set: both fields, each with its Spanish error. */
export const ZSecurityRules = z.object({
  passwordMinLength: z
    .number({ error: minLengthInvalid })
    .int({ error: minLengthInvalid })
    .min(MIN_PASSWORD_LENGTH, { error: minLengthInvalid })
    .max(MAX_PASSWORD_MIN_LENGTH, { error: minLengthInvalid }),
  passwordMaxAgeDays: z
    .number({ error: maxAgeInvalid })
    .int({ error: maxAgeInvalid })
    .min(0, { error: maxAgeInvalid })
    .max(MAX_PASSWORD_AGE_DAYS, { error: maxAgeInvalid }),
});
export type SecurityRules = z.infer<typeof ZSecurityRules>;

export const DEFAULT_SECURITY_RULES: SecurityRules = {
  passwordMinLength: MIN_PASSWORD_LENGTH,
  passwordMaxAgeDays: 0,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a user who just signed in with `password` owes a change under the company's policy:
 * the password is shorter than the company's minimum (the policy became stricter since it was
 * set), or older than the expiry (`changedAt` + days ≤ now).
 */
export function passwordChangeOwed(
  rules: Pick<SecurityConfig, 'passwordMinLength' | 'passwordMaxAgeDays'>,
  password: { value: string; changedAt: Date },
  now: Date,
): boolean {
  if (password.value.length < rules.passwordMinLength) return true;
  if (rules.passwordMaxAgeDays <= 0) return false;
  return now.getTime() - password.changedAt.getTime() >= rules.passwordMaxAgeDays * DAY_MS;
}

const ZSystemUrl = z
  .string({ error: externalText.urlRequired })
  .trim()
  .min(1, { error: externalText.urlRequired })
  .max(2000, { error: externalText.urlTooLong })
  // Empty is only 'urlRequired'.
  .refine((value) => value === '' || ZHttpUrl.safeParse(value).success, {
    error: externalText.urlInvalid,
  });

/**
 * The external contact system as 'Mi Empresa' sets it. `token` left out keeps the stored one
 * (the screen never has it: it only knows that one is set).
 */
export const ZExternalSystemInput = z.object({
  name: z
    .string({ error: externalText.nameRequired })
    .trim()
    .min(1, { error: externalText.nameRequired })
    .max(80, { error: externalText.nameTooLong }),
  validateUrl: ZSystemUrl,
  createUrl: ZSystemUrl,
  updateUrl: ZSystemUrl,
  /**
   * 03 §7 'External statistics' (issue #43 item 3): the conversation's statistics panel asks
   * this address with GET ?id={contactId} and the same token. Optional: empty means none.
   */
  statsUrl: z
    .string()
    .trim()
    .max(2000, { error: externalText.urlTooLong })
    .refine((value) => value === '' || ZHttpUrl.safeParse(value).success, {
      error: externalText.urlInvalid,
    })
    .optional(),
  token: z
    .string({ error: externalText.tokenRequired })
    .trim()
    .min(1, { error: externalText.tokenRequired })
    .max(2000, { error: externalText.tokenTooLong })
    .optional(),
});
export type ExternalSystemInput = z.infer<typeof ZExternalSystemInput>;

/** The external contact system as it is answered: never the token, only whether one is set. */
export const ZExternalSystemView = z.object({
  name: z.string(),
  validateUrl: z.string(),
  createUrl: z.string(),
  updateUrl: z.string(),
  /** The statistics address ('' when none). */
  statsUrl: z.string(),
  tokenSet: z.boolean(),
});
export type ExternalSystemView = z.infer<typeof ZExternalSystemView>;

export const ZExternalIntegrations = z.object({
  externalSystem: ZExternalSystemView.nullable(),
});

/** A change of the integrations: the system as set, or null to disconnect it. */
export const ZExternalIntegrationsInput = z.object({
  externalSystem: ZExternalSystemInput.nullable(),
});

/**
 * What 'Probar conexión' found (the screen says it in Spanish): `ok` when the validate address
 * answered a validation in the protocol's shape; `unauthorized` 401/403 (the token);
 * `httpError` any other non-2xx; `unexpectedAnswer` 2xx without the shape; `unreachable` no
 * answer (DNS, refused, timeout); `notAllowed` the outbound guard refused an address.
 */
export const EXTERNAL_TEST_OUTCOMES = [
  'ok',
  'unauthorized',
  'httpError',
  'unexpectedAnswer',
  'unreachable',
  'notAllowed',
] as const;
export type ExternalTestOutcome = (typeof EXTERNAL_TEST_OUTCOMES)[number];

export const ZExternalTestResult = z.object({
  outcome: z.enum(EXTERNAL_TEST_OUTCOMES),
  /** The HTTP status of the answer, when there was one. */
  status: z.number().int().nullable(),
  /** How long the call took, in milliseconds. */
  durationMs: z.number().int(),
  /** The Spanish sentence the screen shows. */
  message: z.string(),
});
export type ExternalTestResult = z.infer<typeof ZExternalTestResult>;

/** The Spanish sentence of a test's outcome. */
export function externalTestMessage(
  outcome: ExternalTestOutcome,
  values: { name: string; status: number | null; durationMs: number },
): string {
  return format(externalText.outcomes[outcome], {
    name: values.name,
    status: values.status ?? '',
    ms: values.durationMs,
  });
}

/**
 * 'Probar conexión' tests what the form holds (saved or not): the system as typed, the token
 * left out meaning the stored one. Without input it tests what is saved.
 */
export const ZExternalTestInput = z.object({ externalSystem: ZExternalSystemInput.optional() });

/**
 * 03 §7 'External statistics' (issue #43 item 3): one figure of the conversation's statistics
 * panel as the company's system answers it, a title and a body shown as text or as a chip.
 */
export const EXTERNAL_STATS_LIMIT = 50;
export const ZExternalStat = z.object({
  title: z.string().max(200),
  body: z.string().max(1000),
  kind: z.enum(['text', 'chip']),
});
export type ExternalStat = z.infer<typeof ZExternalStat>;

/**
 * The panel's answer: `configured` false when the company has no statistics address (the panel
 * does not show); the token never leaves the server.
 */
export const ZExternalStats = z.object({
  configured: z.boolean(),
  items: z.array(ZExternalStat).max(EXTERNAL_STATS_LIMIT),
});
export type ExternalStats = z.infer<typeof ZExternalStats>;
