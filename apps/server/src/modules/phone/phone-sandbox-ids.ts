import { createHash } from 'node:crypto';
import type { Executor } from '@cartera/db/client';
import { findMapping, saveMapping } from './phone.repository';

/** 'Aircall de prueba' (phone-sandbox.ts): its address, its one number and its users' ids. */
export const SANDBOX_ORIGIN = 'sandbox://aircall';
export const SANDBOX_NUMBER = { id: 1, digits: '+59829000000', name: 'Ventas (prueba)' };

/** A user's Aircall user id in the sandbox: stable, from their id. */
export function sandboxAircallId(userId: string) {
  return Number.parseInt(createHash('sha256').update(userId).digest('hex').slice(0, 10), 16);
}

export function isSandboxUrl(baseUrl: string) {
  return baseUrl.startsWith(`${SANDBOX_ORIGIN}/`);
}

/** A sandbox user's own Aircall user, mapped on first use. */
export async function ensureSandboxMapping(db: Executor, tenantId: string, userId: string) {
  const existing = await findMapping(db, tenantId, userId);
  if (existing) return existing;
  await saveMapping(db, {
    tenantId,
    userId,
    provider: 'aircall',
    externalUserId: String(sandboxAircallId(userId)),
    numberIds: [String(SANDBOX_NUMBER.id)],
    countryCodes: [],
  });
  return findMapping(db, tenantId, userId);
}
