import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Channel } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import { canOpen } from '@cartera/domain/policy';
import { ProviderError, type SessionState } from '../../providers/adapter';
import { adapterFor } from '../../providers/registry';
import type { AppDeps } from '../../deps';
import { openSecrets, sealSecrets } from '../../lib/secret-box';
import type { AuditBy } from '../audit/audit.service';
import type { AuthUser } from '../sessions/session.types';
import { channelContext } from './channel-messages.service';
import {
  findChannel,
  findChannels,
  findPersonalChannel,
  insertChannel,
} from './channels.repository';
import { SESSION_TYPES } from './channels.service';
import { auditChannel, auditFieldsOf, secretNamesOf } from './channel-audit';
import { CHANNEL_STATUS_OF_SESSION, changeChannelStatus } from './channel-status.service';

/**
 * WhatsApp sessions at a gateway (Evolution API v2 shape): the QR connect flow of
 * /settings/new-whatsapp ('connect a personal messaging account', 01 §2) and of the company's
 * `unofficial_wpp` number. A seller's personal WhatsApp is a `personal_whatsapp` channel they
 * own, made on their first connect on the gateway the company configured (its oldest
 * `unofficial_wpp` channel: address and API key), with an instance of their own; new contacts
 * who write to it are the seller's (docs/decisions.md).
 */

export const ZWhatsappSession = z.object({
  /** The session's channel; null before the user's first connect. */
  channel: z.object({ id: z.uuid(), name: z.string(), status: z.string() }).nullable(),
  /** 'open' (connected), 'connecting' (waiting for the QR to be scanned) or 'close'. */
  state: z.enum(['open', 'connecting', 'close']),
  /** While connecting: the QR to scan, as an image data URL (it changes every few seconds). */
  qr: z.string().nullable(),
  /** While connecting: the code to type on the phone instead of scanning. */
  pairingCode: z.string().nullable(),
  /** Whether the company configured a gateway (without one, nothing can be connected). */
  gatewayConfigured: z.boolean(),
});
export type WhatsappSession = z.infer<typeof ZWhatsappSession>;

/** The gateway's failures in the product's words (CHANNEL_ERROR: the gateway is unreachable…). */
async function atGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError) throw new DomainError(error.code);
    throw error;
  }
}

/** The company's gateway: its oldest `unofficial_wpp` channel. */
async function companyGateway(deps: AppDeps, tenantId: string) {
  const rows = await findChannels(deps.db, tenantId);
  return rows
    .filter((row) => row.type === 'unofficial_wpp' && row.config.gatewayUrl)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
}

/** Keeps the channel's status in step with what the gateway says (a webhook may be missed). */
async function viewOf(
  deps: AppDeps,
  channel: Channel,
  session: SessionState,
): Promise<WhatsappSession> {
  const status = CHANNEL_STATUS_OF_SESSION[session.state];
  const current =
    channel.status === status ? channel : await changeChannelStatus(deps.db, channel, status, null);
  return {
    channel: { id: current.id, name: current.name, status: current.status },
    state: session.state,
    qr: session.qr ?? null,
    pairingCode: session.pairingCode ?? null,
    gatewayConfigured: true,
  };
}

/** The session as the gateway has it, with a fresh QR while it waits for the phone. */
async function liveSession(deps: AppDeps, channel: Channel) {
  const adapter = adapterFor(channel.type)!;
  const context = channelContext(deps, channel);
  const session = await atGateway(() => adapter.connectionState!(context));
  // Only a session already waiting for its QR is asked for a new one: opening one is the
  // user's decision (connectWhatsapp).
  if (session.state === 'connecting') return atGateway(() => adapter.connect!(context));
  return session;
}

/** The caller's personal WhatsApp: its state and, while connecting, the QR to scan. */
export async function whatsappSession(deps: AppDeps, user: AuthUser): Promise<WhatsappSession> {
  const channel = await findPersonalChannel(deps.db, user.tenantId, user.id);
  if (!channel) {
    return {
      channel: null,
      state: 'close',
      qr: null,
      pairingCode: null,
      gatewayConfigured: Boolean(await companyGateway(deps, user.tenantId)),
    };
  }
  return viewOf(deps, channel, await liveSession(deps, channel));
}

/**
 * Audits a session opened or logged out (issue #30 S5): the channel, its status before and the
 * session's state after; no secret.
 */
function auditSession(
  deps: AppDeps,
  by: AuditBy,
  channel: Channel,
  action: 'channel.connect' | 'channel.disconnect',
  state: SessionState['state'],
) {
  return auditChannel(deps.db, by, channel, {
    action,
    before: { name: channel.name, type: channel.type, status: channel.status },
    after: { state },
  });
}

/**
 * Connects the caller's personal WhatsApp: on first use makes the channel on the company's
 * gateway (an instance named after the user, with this channel's webhook), then asks the
 * gateway for the session: open already, or a QR to scan. Audited: the channel's creation (the
 * names of its secrets) and the connect.
 */
export async function connectWhatsapp(
  deps: AppDeps,
  user: AuthUser,
  by: AuditBy,
): Promise<WhatsappSession> {
  let channel = await findPersonalChannel(deps.db, user.tenantId, user.id);
  if (!channel) {
    const gateway = await companyGateway(deps, user.tenantId);
    if (!gateway) throw new DomainError('WHATSAPP_GATEWAY_NOT_CONFIGURED');
    const gatewaySecrets = openSecrets(deps.env.secretsKey, gateway.secrets);
    const secrets = {
      apiKey: gatewaySecrets.apiKey ?? '',
      instanceKey: randomBytes(18).toString('base64url'),
    };
    channel = await deps.db.transaction(async (tx) => {
      const created = await insertChannel(tx, {
        tenantId: user.tenantId,
        type: 'personal_whatsapp',
        name: es.channels.personalWhatsapp.channelName.replace(
          '{name}',
          `${user.name} ${user.lastname}`.trim(),
        ),
        status: 'connecting',
        config: {
          gatewayUrl: gateway.config.gatewayUrl!,
          instanceName: `cartera-${user.id}`,
          color: '#25D366',
          ...(gateway.config.origin ? { origin: gateway.config.origin } : {}),
        },
        secrets: sealSecrets(deps.env.secretsKey, secrets),
        webhookKey: randomBytes(24).toString('base64url'),
        // Whoever writes first to a seller's own number is the seller's contact.
        roundRobin: { enabled: true, userIds: [user.id] },
        ownerId: user.id,
      });
      await auditChannel(tx, by, created, {
        action: 'channel.create',
        before: null,
        after: auditFieldsOf(created, secretNamesOf(secrets)),
      });
      return created;
    });
  }
  const adapter = adapterFor(channel.type)!;
  const session = await atGateway(() => adapter.connect!(channelContext(deps, channel)));
  await auditSession(deps, by, channel, 'channel.connect', session.state);
  return viewOf(deps, channel, session);
}

/** Logs the caller's personal WhatsApp out at the gateway (the phone is unlinked). Audited. */
export async function disconnectWhatsapp(
  deps: AppDeps,
  user: AuthUser,
  by: AuditBy,
): Promise<WhatsappSession> {
  const channel = await findPersonalChannel(deps.db, user.tenantId, user.id);
  if (!channel) throw new DomainError('PERSONAL_WHATSAPP_404');
  const adapter = adapterFor(channel.type)!;
  await atGateway(() => adapter.logout!(channelContext(deps, channel)));
  await auditSession(deps, by, channel, 'channel.disconnect', 'close');
  return viewOf(deps, channel, { state: 'close', exists: true });
}

/**
 * A session channel by id (legacy GET /channels/whatsappSession/{id}): a personal WhatsApp for
 * its owner, the company's number for who manages the company's channels; when it is not open,
 * the gateway is asked for a QR (the session is opened: audited when it was closed, not on each
 * poll while the QR waits).
 */
export async function channelSession(
  deps: AppDeps,
  user: AuthUser,
  channelId: string,
  by: AuditBy,
): Promise<WhatsappSession> {
  const channel = await findChannel(deps.db, user.tenantId, channelId);
  const allowed =
    channel &&
    SESSION_TYPES.has(channel.type) &&
    (channel.type === 'personal_whatsapp'
      ? channel.ownerId === user.id
      : canOpen(user, '/company'));
  if (!channel || !allowed) throw new DomainError('CHANNEL_NOT_FOUND');
  const adapter = adapterFor(channel.type)!;
  const context = channelContext(deps, channel);
  const current = await atGateway(() => adapter.connectionState!(context));
  const session =
    current.state === 'open' ? current : await atGateway(() => adapter.connect!(context));
  if (current.state === 'close') {
    await auditSession(deps, by, channel, 'channel.connect', session.state);
  }
  return viewOf(deps, channel, session);
}
