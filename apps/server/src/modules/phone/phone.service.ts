import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import type { AppDeps } from '../../deps';
import { sealSecrets } from '../../lib/secret-box';
import { AircallClient, phoneProviderError } from '../../providers/aircall/aircall.adapter';
import { recordAudit, type AuditBy } from '../audit/audit.service';
import { contactScope, visibleContact } from '../access/contacts';
import type { AuthUser } from '../sessions/session.types';
import { tenantBasics } from '../tenant-settings/tenant-settings.service';
import { aircallClient, callNumber, PROVIDER } from './phone-calls.service';
import {
  deleteConnection,
  deleteMapping,
  findCallByInteraction,
  findCallItem,
  findConnection,
  findMapping,
  findScopedContactNames,
  findScopedContactsByPhones,
  findUserCalls,
  saveMapping,
  upsertConnection,
} from './phone.repository';

/*
 * The company's phone provider and what surrounds calls (issue #39): connecting Aircall in 'Mi
 * Empresa' (API id and token sealed, never sent back; the webhook created at Aircall with its
 * token), each user's Aircall user and numbers ('Ajustes' › 'Llamadas'), restricted numbers,
 * the incoming number's contact, the call log and a call's recording or voicemail.
 */

/** The demo's in-process Aircall (phone-sandbox.ts). */
export const SANDBOX_AIRCALL_URL = 'sandbox://aircall/v1';

export const ZConnectionView = z.object({
  connected: z.boolean(),
  provider: z.literal('aircall'),
  name: z.string().nullable(),
  /** Where Aircall posts the call events (created at Aircall when connecting). */
  webhookUrl: z.string().nullable(),
  /** Which secrets are set (their names; the values never leave the server). */
  secrets: z.array(z.string()),
  sandbox: z.boolean(),
});

function webhookPath(key: string) {
  return `/api/webhooks/aircall/${key}`;
}

export async function connectionView(deps: AppDeps, user: AuthUser) {
  const row = await findConnection(deps.db, user.tenantId, PROVIDER);
  return {
    connected: !!row,
    provider: 'aircall' as const,
    name: row?.name ?? null,
    webhookUrl: row ? `${deps.env.publicUrl}${webhookPath(row.webhookKey)}` : null,
    secrets: row ? ['apiId', 'apiToken'] : [],
    sandbox: row?.baseUrl.startsWith('sandbox://') ?? false,
  };
}

export const ZConnectInput = z.object({
  apiId: z.string().trim().min(1, es.validation.required).max(200),
  apiToken: z.string().trim().min(1, es.validation.required).max(500),
});

/**
 * Connects the company's Aircall account: the keys are checked against Aircall (GET /users),
 * the webhook is created there (POST /webhooks) and its token kept; all sealed. Connecting again
 * replaces the keys and the webhook.
 */
export async function connectAircall(
  deps: AppDeps,
  user: AuthUser,
  by: AuditBy,
  input: z.infer<typeof ZConnectInput>,
  options: { baseUrl?: string; name?: string; phoneUrl?: string } = {},
) {
  const existing = await findConnection(deps.db, user.tenantId, PROVIDER);
  const webhookKey = existing?.webhookKey ?? randomBytes(24).toString('base64url');
  const baseUrl = options.baseUrl ?? deps.env.aircallBaseUrl;
  const client = new AircallClient({ baseUrl, apiId: input.apiId, apiToken: input.apiToken });
  let token: string;
  try {
    await client.users();
    token = await client.createWebhook(`${deps.env.publicUrl}${webhookPath(webhookKey)}`);
  } catch (error) {
    phoneProviderError(error);
  }
  await deps.db.transaction(async (tx) => {
    await upsertConnection(tx, {
      tenantId: user.tenantId,
      provider: PROVIDER,
      baseUrl,
      name: options.name ?? es.phone.providerName,
      secrets: sealSecrets(deps.env.secretsKey, { apiId: input.apiId, apiToken: input.apiToken }),
      webhookKey,
      webhookToken: token,
      phoneUrl: options.phoneUrl ?? 'https://phone.aircall.io/',
    });
    await recordAudit(tx, by, {
      action: 'phoneProvider.connect',
      targetType: 'phoneProvider',
      targetId: user.tenantId,
      groupId: user.tenantId,
      before: existing ? { provider: PROVIDER, name: existing.name } : null,
      after: { provider: PROVIDER, secrets: ['apiId', 'apiToken'] },
    });
  });
  return connectionView(deps, user);
}

export async function disconnectAircall(deps: AppDeps, user: AuthUser, by: AuditBy) {
  const existing = await findConnection(deps.db, user.tenantId, PROVIDER);
  if (!existing) return connectionView(deps, user);
  await deps.db.transaction(async (tx) => {
    await deleteConnection(tx, user.tenantId, PROVIDER);
    await recordAudit(tx, by, {
      action: 'phoneProvider.disconnect',
      targetType: 'phoneProvider',
      targetId: user.tenantId,
      groupId: user.tenantId,
      before: { provider: PROVIDER, name: existing.name },
      after: null,
    });
  });
  return connectionView(deps, user);
}

// ---------------------------------------------------------------------------------------------
// The user's phone providers (01 §3 User phoneProviders; 'Ajustes' › 'Llamadas')

export const ZPhoneProviders = z.object({
  /** The company's provider, when connected. */
  connected: z.boolean(),
  providerName: z.string().nullable(),
  /** The provider's web phone (the softphone's iframe). */
  phoneUrl: z.string().nullable(),
  /** The caller's mapping: their Aircall user, numbers and country codes; null when none. */
  mapping: z
    .object({
      provider: z.literal('aircall'),
      externalUserId: z.string(),
      numberIds: z.array(z.string()),
      countryCodes: z.array(z.string()),
    })
    .nullable(),
});

export async function phoneProvidersOf(deps: AppDeps, user: AuthUser) {
  const connection = await findConnection(deps.db, user.tenantId, PROVIDER);
  const mapping = await findMapping(deps.db, user.tenantId, user.id);
  return {
    connected: !!connection,
    providerName: connection?.name ?? null,
    phoneUrl: connection ? phoneUrlOf(connection.phoneUrl, connection.webhookKey) : null,
    mapping:
      connection && mapping
        ? {
            provider: 'aircall' as const,
            externalUserId: mapping.externalUserId,
            numberIds: mapping.numberIds,
            countryCodes: mapping.countryCodes,
          }
        : null,
  };
}

/** The demo's web phone is ours (phone-sandbox.ts), named by the company's webhook key. */
function phoneUrlOf(url: string, key: string) {
  return url.replace('{key}', key);
}

export const ZProviderChannels = z.object({
  users: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      numberIds: z.array(z.string()),
    }),
  ),
  numbers: z.array(z.object({ id: z.string(), digits: z.string(), name: z.string() })),
});

/** GET /settings/phoneProviders/channels: the company's Aircall users and numbers to choose from. */
export async function providerChannels(deps: AppDeps, user: AuthUser) {
  const connection = await findConnection(deps.db, user.tenantId, PROVIDER);
  if (!connection) throw new DomainError('PHONE_PROVIDER_NOT_CONNECTED');
  const client = aircallClient(deps, connection);
  try {
    const [users, numbers] = await Promise.all([client.users(), client.numbers()]);
    return {
      users: users.map((each) => ({
        id: String(each.id),
        name: each.name ?? '',
        email: each.email ?? '',
        numberIds: (each.numbers ?? []).map((number) => String(number.id)),
      })),
      numbers: numbers.map((each) => ({
        id: String(each.id),
        digits: each.digits,
        name: each.name ?? '',
      })),
    };
  } catch (error) {
    phoneProviderError(error);
  }
}

export const ZSavePhoneProviders = z.object({
  /** The caller's Aircall user; null removes the mapping. */
  externalUserId: z
    .string()
    .regex(/^\d{1,18}$/, es.phone.invalid)
    .nullable(),
  numberIds: z
    .array(z.string().regex(/^\d{1,18}$/, es.phone.invalid))
    .max(20)
    .default([]),
  countryCodes: z
    .array(z.string().regex(/^\d{1,4}$/, es.phone.countryCodeInvalid))
    .max(20)
    .default([]),
});

/**
 * PATCH /settings/phoneProviders: the caller's own Aircall user and numbers, checked against
 * Aircall (the user must exist and hold the numbers). Another user's earlier claim on the same
 * Aircall user is replaced.
 */
export async function savePhoneProviders(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof ZSavePhoneProviders>,
) {
  if (input.externalUserId === null) {
    await deleteMapping(deps.db, user.tenantId, user.id);
    return phoneProvidersOf(deps, user);
  }
  const channels = await providerChannels(deps, user);
  const account = channels.users.find((each) => each.id === input.externalUserId);
  if (!account) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { externalUserId: [es.phone.unknownUser] },
    });
  }
  const numberIds = input.numberIds.length ? input.numberIds : account.numberIds.slice(0, 1);
  const foreign = numberIds.filter((id) => !account.numberIds.includes(id));
  if (foreign.length || !numberIds.length) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { numberIds: [es.phone.numberNotOfUser] },
    });
  }
  await deps.db.transaction((tx) =>
    saveMapping(tx, {
      tenantId: user.tenantId,
      userId: user.id,
      provider: PROVIDER,
      externalUserId: input.externalUserId!,
      numberIds,
      countryCodes: [...new Set(input.countryCodes)],
    }),
  );
  return phoneProvidersOf(deps, user);
}

// ---------------------------------------------------------------------------------------------
// The contact of a number (GET /ucontact/getContactId?phone=) and numbers' restrictions

export const ZPhoneQuery = z.object({ phone: z.string().trim().min(4).max(40) });

/** The contact holding `phone` among those the caller may see; null when none. */
export async function contactIdByPhone(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZPhoneQuery>,
) {
  const { country } = await tenantBasics(db, user.tenantId);
  const phone = callNumber(input.phone, country);
  const [found] = await findScopedContactsByPhones(
    db,
    user.tenantId,
    await contactScope(db, user),
    [phone],
  );
  return { contactId: found?.id ?? null, phone };
}

// ---------------------------------------------------------------------------------------------
// Call log (POST /calls) and a call's recording or voicemail

export const ZCallLogInput = z.object({
  /** The last call of the previous page (its `id`); none for the first page. */
  before: z.string().uuid().optional(),
  limit: z.number().int().min(1).max(100).default(25),
});

export const ZCallLogPage = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      /** 01 §3 Call log entry. */
      type: z.enum(['incoming', 'outgoing', 'missed']),
      dateTime: z.date(),
      phoneNumber: z.string(),
      /** Seconds. */
      duration: z.number().int(),
      /** The contact's name when the caller may see the contact, else ''. */
      name: z.string(),
      contactId: z.string().nullable(),
      /** An incoming call still ringing or answered: a tab opened meanwhile shows it. */
      ongoing: z.boolean(),
    }),
  ),
  nextBefore: z.string().nullable(),
});

export async function callLog(db: Executor, user: AuthUser, input: z.infer<typeof ZCallLogInput>) {
  const rows = await findUserCalls(db, user.tenantId, user.id, input.limit + 1, input.before);
  const page = rows.slice(0, input.limit);
  const ids = [...new Set(page.map((row) => row.contactId).filter((id): id is string => !!id))];
  const names = new Map(
    (await findScopedContactNames(db, user.tenantId, await contactScope(db, user), ids)).map(
      (row) => [row.id, `${row.firstName} ${row.lastName}`.trim()],
    ),
  );
  return {
    items: page.map((row) => ({
      id: row.id,
      type:
        row.direction === 'outbound'
          ? ('outgoing' as const)
          : row.answeredAt || row.state !== 'done'
            ? ('incoming' as const)
            : ('missed' as const),
      dateTime: row.startedAt ?? row.createdAt,
      phoneNumber: row.customerPhone,
      duration: row.duration ?? 0,
      name: (row.contactId && names.get(row.contactId)) || '',
      contactId: row.contactId && names.has(row.contactId) ? row.contactId : null,
      ongoing: row.state !== 'done',
    })),
    nextBefore: rows.length > input.limit ? page.at(-1)!.id : null,
  };
}

export const ZMediaInput = z.object({
  contactId: z.string().uuid(),
  interactionId: z.string().uuid(),
  kind: z.enum(['recording', 'voicemail']),
});

/**
 * A call's recording or voicemail for whoever may see its contact: the provider's own link
 * (Aircall's are signed and short-lived), read from the call when asked, never stored on the
 * timeline.
 */
export async function callMedia(db: Executor, user: AuthUser, input: z.infer<typeof ZMediaInput>) {
  const contact = await visibleContact(db, user, input.contactId);
  const item = await findCallItem(db, user.tenantId, contact.id, input.interactionId);
  if (!item || item.type !== 'phoneCall') throw new DomainError('NOT_FOUND');
  const call = await findCallByInteraction(db, user.tenantId, item.id);
  const url = input.kind === 'recording' ? call?.recordingUrl : call?.voicemailUrl;
  if (!url) throw new DomainError('NOT_FOUND');
  return { url };
}
