import type { Executor } from '@cartera/db/client';
import type { Channel } from '@cartera/db/schema';
import { recordAudit, type AuditBy } from '../audit/audit.service';

/** A channel's audit entries (who changed which channel; secrets by name, never their values). */

/** A gateway address as the audit log keeps it: without credentials written into it. */
function withoutCredentials(url: string | undefined) {
  if (!url) return url;
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * A channel's fields as its audit entries keep them: name, type, colour, configuration, round
 * robin, limits and the NAMES of the secrets set, never their values.
 */
export function auditFieldsOf(channel: Channel, secretNames: string[]): Record<string, unknown> {
  const { color, gatewayUrl, ...config } = channel.config;
  return {
    name: channel.name,
    type: channel.type,
    color: color ?? null,
    ...config,
    ...(gatewayUrl ? { gatewayUrl: withoutCredentials(gatewayUrl) } : {}),
    roundRobinEnabled: channel.roundRobin.enabled,
    roundRobinUserIds: channel.roundRobin.userIds,
    perHour: channel.limits.perHour ?? null,
    perDay: channel.limits.perDay ?? null,
    secrets: [...secretNames].sort(),
    ...(channel.sandbox ? { sandbox: true } : {}),
  };
}

export const secretNamesOf = (secrets: Record<string, string>) =>
  Object.keys(secrets).filter((key) => secrets[key]);

export function auditChannel(
  tx: Executor,
  by: AuditBy,
  channel: Channel,
  entry: {
    action:
      | 'channel.create'
      | 'channel.update'
      | 'channel.remove'
      | 'channel.connect'
      | 'channel.disconnect';
  } & Pick<Parameters<typeof recordAudit>[2], 'before' | 'after'>,
) {
  // A channel is the company's: its entries belong to the root group's history.
  return recordAudit(tx, by, {
    ...entry,
    targetType: 'channel',
    targetId: channel.id,
    groupId: channel.tenantId,
    tenantId: channel.tenantId,
  });
}
