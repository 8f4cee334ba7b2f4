import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import type { Channel, ChannelConfig } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { CHANNEL_SETUP } from '@cartera/domain/channels';
import { errorMessages, es } from '@cartera/domain/i18n';
import { changeOf } from '@cartera/domain/input';
import { CHANNEL_TYPES, type ChannelType } from '../../providers/adapter';
import { adapterFor, webhookPathFor } from '../../providers/registry';
import { SANDBOX_ACCESS_TOKEN, SANDBOX_APP_SECRET } from '../../providers/sandbox/sandbox';
import type { Env } from '../../env';
import { checkOutboundTarget } from '../../lib/outbound';
import { openSecrets, sealSecrets } from '../../lib/secret-box';
import { changedFields, type AuditBy } from '../audit/audit.service';
import type { AuthUser } from '../sessions/session.types';
import {
  activeUserIds,
  findChannel,
  findChannelByWebhookKey,
  findChannels,
  insertChannel,
  updateChannelRow,
} from './channels.repository';
import { forgetWebhookChannel } from './webhook-channels';
import { auditChannel, auditFieldsOf, secretNamesOf } from './channel-audit';

/**
 * The channels of a company (01 §1, 03 §3 Channel; /company/channels): created, edited and
 * deleted by the company's managers. Secrets are sealed on the way in and never come back: an
 * answer says only which are set.
 */

/** Types whose channel is a WhatsApp session at a gateway (connected by scanning a QR). */
export const SESSION_TYPES: ReadonlySet<string> = new Set(['unofficial_wpp', 'personal_whatsapp']);

const text = (max: number) => z.string().trim().max(max);

export const ZChannelConfig = z.object({
  origin: text(64).optional(),
  phoneNumberId: text(64).optional(),
  wabaId: text(64).optional(),
  displayPhoneNumber: text(32).optional(),
  pageId: text(64).optional(),
  username: text(100).optional(),
  accountSid: text(64).optional(),
  fromNumber: text(32).optional(),
  gatewayUrl: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
  instanceName: text(100).optional(),
});

const ZLimit = z.number().int().min(1).max(1_000_000).nullable().optional();

export const ZChannelInput = z.object({
  type: z.enum(CHANNEL_TYPES),
  name: text(80).min(1),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default('#25D366'),
  config: ZChannelConfig.default({}),
  /** Write-only: a key left out keeps its stored value. */
  secrets: z.record(z.string().max(64), z.string().max(4_000)).default({}),
  roundRobin: z
    .object({ enabled: z.boolean(), userIds: z.array(z.uuid()).max(500) })
    .default({ enabled: false, userIds: [] }),
  limits: z.object({ perHour: ZLimit, perDay: ZLimit }).default({}),
  /**
   * A 'Canal de prueba' (WhatsApp Business only): its provider is the server's in-process
   * simulator, so it needs no account and no secrets; customers write from its test page.
   */
  sandbox: z.boolean().default(false),
});

export type ChannelInput = z.input<typeof ZChannelInput>;

/** A change: the fields given, nothing reset to its default (a colour, the round robin…). */
export const ZChannelUpdate = changeOf(ZChannelInput.omit({ type: true, sandbox: true }));

export const ZChannelView = z.object({
  id: z.uuid(),
  type: z.enum(CHANNEL_TYPES),
  name: z.string(),
  color: z.string(),
  status: z.string(),
  statusReason: z.string().nullable(),
  config: ZChannelConfig,
  /** Which secrets are stored (their values are never sent). */
  secretsSet: z.array(z.string()),
  /** Where the provider must post its webhooks. */
  webhookUrl: z.string(),
  roundRobin: z.object({ enabled: z.boolean(), userIds: z.array(z.string()) }),
  limits: z.object({ perHour: z.number().nullable(), perDay: z.number().nullable() }),
  sandbox: z.boolean(),
  /** A sandbox channel's page where anyone can write as a customer. */
  sandboxUrl: z.string().nullable(),
  createdAt: z.date(),
});

export type ChannelView = z.infer<typeof ZChannelView>;

export function describeChannel(env: Env, channel: Channel): ChannelView {
  const secrets = openSecrets(env.secretsKey, channel.secrets);
  return {
    id: channel.id,
    type: channel.type as ChannelType,
    name: channel.name,
    color: channel.config.color ?? '#25D366',
    status: channel.status,
    statusReason: channel.statusReason,
    config: { ...channel.config, color: undefined } as z.infer<typeof ZChannelConfig>,
    secretsSet: Object.keys(secrets).filter((key) => secrets[key]),
    webhookUrl: `${env.publicUrl}${webhookPathFor(channel)}`,
    roundRobin: channel.roundRobin,
    limits: { perHour: channel.limits.perHour ?? null, perDay: channel.limits.perDay ?? null },
    sandbox: channel.sandbox,
    sandboxUrl: channel.sandbox ? `${env.publicUrl}/sandbox/whatsapp/${channel.webhookKey}` : null,
    createdAt: channel.createdAt,
  };
}

function invalid(field: string, message: string): never {
  throw new DomainError('INVALID_REQUEST_BODY', { fields: { [field]: [message] } });
}

/** The stored secrets after an edit: given keys replace, an empty value clears, others stay. */
function mergeSecrets(
  type: ChannelType,
  stored: Record<string, string>,
  given: Record<string, string>,
) {
  const known = new Set<string>(CHANNEL_SETUP[type].secrets);
  const merged = { ...stored };
  for (const [key, value] of Object.entries(given)) {
    if (!known.has(key)) invalid(`secrets.${key}`, es.channels.secretNotForType);
    if (value.trim()) merged[key] = value.trim();
    else delete merged[key];
  }
  for (const key of CHANNEL_SETUP[type].requiredSecrets) {
    if (!merged[key]) invalid(`secrets.${key}`, es.channels.required);
  }
  return merged;
}

function checkConfig(type: ChannelType, config: ChannelConfig) {
  for (const key of CHANNEL_SETUP[type].requiredConfig) {
    if (!config[key]) invalid(`config.${key}`, es.channels.required);
  }
}

/** A gateway the server will call: checked by the outbound guard when saved, not only at calls. */
async function checkGatewayUrl(url: string | undefined) {
  if (!url) return;
  try {
    await checkOutboundTarget(url);
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'OUTBOUND_URL_NOT_ALLOWED') throw error;
    throw new DomainError('OUTBOUND_URL_NOT_ALLOWED', {
      fields: { 'config.gatewayUrl': [errorMessages.OUTBOUND_URL_NOT_ALLOWED] },
    });
  }
}

async function checkRoundRobin(db: Executor, tenantId: string, userIds: string[]) {
  const active = await activeUserIds(db, tenantId, userIds);
  if (active.length !== new Set(userIds).size) {
    invalid('roundRobin.userIds', es.channels.roundRobinUsersInvalid);
  }
}

export async function listChannels(db: Executor, env: Env, user: AuthUser) {
  const rows = await findChannels(db, user.tenantId);
  return rows.map((row) => describeChannel(env, row));
}

export async function getChannel(db: Executor, env: Env, user: AuthUser, id: string) {
  const channel = await findChannel(db, user.tenantId, id);
  if (!channel) throw new DomainError('CHANNEL_NOT_FOUND');
  return describeChannel(env, channel);
}

/** Creates a channel; audited with the names of its secrets, never their values. */
export async function createChannel(
  db: Database,
  env: Env,
  user: AuthUser,
  raw: ChannelInput,
  by: AuditBy,
) {
  const input = ZChannelInput.parse(raw);
  if (input.sandbox) {
    if (input.type !== 'whatsapp_business') invalid('sandbox', es.channels.sandboxOnlyWhatsapp);
    await checkRoundRobin(db, user.tenantId, input.roundRobin.userIds);
    const channel = await db.transaction(async (tx) => {
      const created = await createSandboxChannel(tx, env, user.tenantId, input);
      const secrets = secretNamesOf(openSecrets(env.secretsKey, created.secrets));
      await auditChannel(tx, by, created, {
        action: 'channel.create',
        before: null,
        after: auditFieldsOf(created, secrets),
      });
      return created;
    });
    return describeChannel(env, channel);
  }
  if (!adapterFor(input.type)) invalid('type', es.channels.typeNotAvailable);
  const config: ChannelConfig = { ...stripEmpty(input.config), color: input.color };
  checkConfig(input.type, config);
  await checkGatewayUrl(config.gatewayUrl);
  const secrets = mergeSecrets(input.type, {}, input.secrets);
  await checkRoundRobin(db, user.tenantId, input.roundRobin.userIds);
  const channel = await db.transaction(async (tx) => {
    const created = await insertChannel(tx, {
      tenantId: user.tenantId,
      type: input.type,
      name: input.name,
      config,
      secrets: sealSecrets(env.secretsKey, secrets),
      webhookKey: randomBytes(24).toString('base64url'),
      roundRobin: input.roundRobin,
      limits: input.limits,
      ownerId: input.type === 'personal_whatsapp' ? user.id : null,
      // A WhatsApp session is not available until its gateway says it is open.
      ...(SESSION_TYPES.has(input.type) ? { status: 'connecting' } : {}),
    });
    await auditChannel(tx, by, created, {
      action: 'channel.create',
      before: null,
      after: auditFieldsOf(created, secretNamesOf(secrets)),
    });
    return created;
  });
  return describeChannel(env, channel);
}

/**
 * Changes a channel; audited with the fields that changed and the names of the secrets given
 * (replaced or cleared), never their values.
 */
export async function updateChannel(
  db: Database,
  env: Env,
  user: AuthUser,
  id: string,
  raw: z.input<typeof ZChannelUpdate>,
  by: AuditBy,
) {
  const input = ZChannelUpdate.parse(raw);
  const channel = await findChannel(db, user.tenantId, id);
  if (!channel) throw new DomainError('CHANNEL_NOT_FOUND');
  const type = channel.type as ChannelType;
  const config: ChannelConfig = {
    ...channel.config,
    ...(input.config ? stripEmpty(input.config) : {}),
    ...(input.color ? { color: input.color } : {}),
  };
  checkConfig(type, config);
  await checkGatewayUrl(input.config?.gatewayUrl);
  const stored = openSecrets(env.secretsKey, channel.secrets);
  const secrets = input.secrets ? mergeSecrets(type, stored, input.secrets) : undefined;
  if (input.roundRobin) await checkRoundRobin(db, user.tenantId, input.roundRobin.userIds);
  const row = await db.transaction(async (tx) => {
    const updated = await updateChannelRow(tx, user.tenantId, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      config,
      ...(secrets ? { secrets: sealSecrets(env.secretsKey, secrets) } : {}),
      ...(input.roundRobin ? { roundRobin: input.roundRobin } : {}),
      ...(input.limits ? { limits: input.limits } : {}),
    });
    if (!updated) throw new DomainError('CHANNEL_NOT_FOUND');
    const diff = changedFields(
      auditFieldsOf(channel, secretNamesOf(stored)),
      auditFieldsOf(updated, secretNamesOf(secrets ?? stored)),
    );
    const secretsGiven = Object.keys(input.secrets ?? {}).sort();
    if (diff.changed || secretsGiven.length) {
      await auditChannel(tx, by, updated, {
        action: 'channel.update',
        before: diff.before,
        after: secretsGiven.length ? { ...diff.after, secretsChanged: secretsGiven } : diff.after,
      });
    }
    return updated;
  });
  forgetWebhookChannel(db, row.webhookKey);
  return describeChannel(env, row);
}

/**
 * A 'Canal de prueba': WhatsApp Business served by the in-process simulator, with the demo's
 * fixed secrets (providers/sandbox/sandbox.ts) and a phone number id of its own.
 */
export async function createSandboxChannel(
  db: Executor,
  env: Env,
  tenantId: string,
  input: Pick<z.output<typeof ZChannelInput>, 'name' | 'color' | 'roundRobin' | 'config'>,
) {
  return insertChannel(db, {
    tenantId,
    type: 'whatsapp_business',
    name: input.name,
    config: {
      ...stripEmpty(input.config),
      phoneNumberId: `sandbox-${randomBytes(6).toString('hex')}`,
      displayPhoneNumber: '+1 555 0100',
      color: input.color,
    },
    secrets: sealSecrets(env.secretsKey, {
      accessToken: SANDBOX_ACCESS_TOKEN,
      appSecret: SANDBOX_APP_SECRET,
      verifyToken: randomBytes(12).toString('base64url'),
    }),
    webhookKey: randomBytes(24).toString('base64url'),
    roundRobin: input.roundRobin,
    sandbox: true,
  });
}

/** The sandbox channel a test page's link names, if it is one. */
export async function findSandboxChannel(db: Executor, webhookKey: string) {
  const channel = await findChannelByWebhookKey(db, webhookKey);
  return channel?.sandbox ? channel : undefined;
}

/**
 * Deletes a channel: its history stays on the timelines; its webhook URL stops answering.
 * Audited with what it was (its secrets by name).
 */
export async function removeChannel(
  db: Database,
  env: Env,
  user: AuthUser,
  id: string,
  by: AuditBy,
) {
  const row = await db.transaction(async (tx) => {
    const removed = await updateChannelRow(tx, user.tenantId, id, { deletedAt: new Date() });
    if (!removed) throw new DomainError('CHANNEL_NOT_FOUND');
    const secrets = secretNamesOf(openSecrets(env.secretsKey, removed.secrets));
    await auditChannel(tx, by, removed, {
      action: 'channel.remove',
      before: auditFieldsOf(removed, secrets),
      after: null,
    });
    return removed;
  });
  forgetWebhookChannel(db, row.webhookKey);
  return { id };
}

/**
 * The company's channel of a type configured in one step (legacy POST /channels/sms/config and
 * /whatsapp/360settings): the oldest such channel is changed, or the first one is created.
 */
export async function configureChannelOfType(
  db: Database,
  env: Env,
  user: AuthUser,
  type: ChannelType,
  input: {
    name?: string | undefined;
    config: ChannelInput['config'];
    secrets: Record<string, string>;
  },
  by: AuditBy,
) {
  const existing = (await findChannels(db, user.tenantId))
    .filter((row) => row.type === type && !row.sandbox)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
  if (existing) {
    return updateChannel(
      db,
      env,
      user,
      existing.id,
      {
        ...(input.name ? { name: input.name } : {}),
        config: input.config,
        secrets: input.secrets,
      },
      by,
    );
  }
  return createChannel(
    db,
    env,
    user,
    { type, name: input.name || type, config: input.config, secrets: input.secrets },
    by,
  );
}

function stripEmpty<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, each]) => each !== undefined && each !== ''),
  ) as Partial<T>;
}
