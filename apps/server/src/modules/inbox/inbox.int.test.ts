import { describe, expect, it } from 'vitest';
import { createContact } from '@cartera/db/factories';
import type { typedCall } from '../../testing/http-client';
import { useDemoApp } from '../../testing/demo-app';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

describe('inboxes (issue #6 §10)', () => {
  it("'Conversaciones' lists the seller's contacts by last interaction, unattended ones marked", async () => {
    const seller = env.demo.users['vendedor@demo.test']!;
    const now = Date.now();
    const recent = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Recién',
      agentId: seller.id,
      lastInteractionAt: new Date(now + 60_000),
    });
    const stale = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Olvidado',
      agentId: seller.id,
      lastInteractionAt: new Date(now - 2 * 86_400_000 + 120_000),
    });
    const seen = new Map<string, boolean>();
    const order: string[] = [];
    let cursor: { at: Date; id: string } | null = null;
    do {
      const page: Awaited<ReturnType<typeof typedCall<'inbox.conversations'>>> = await env.call(
        'vendedor@demo.test',
        'inbox.conversations',
        { cursor },
      );
      expect(page.status).toBe(200);
      for (const item of page.data.items) {
        expect(seen.has(item.id)).toBe(false);
        seen.set(item.id, item.unattended);
        order.push(item.id);
      }
      cursor = page.data.nextCursor;
    } while (cursor);
    expect(order[0]).toBe(recent.id);
    expect(seen.get(recent.id)).toBe(false);
    expect(seen.get(stale.id)).toBe(true);
  });

  it('a supervisor opens a seller of their team, not of another team; a seller only their own', async () => {
    const northSeller = env.demo.users['vendedor@demo.test']!.id;
    const southSeller = env.demo.users['vendedora@demo.test']!.id;
    expect(
      (await env.call('supervisor@demo.test', 'inbox.conversations', { agentId: northSeller }))
        .status,
    ).toBe(200);
    const other = await env.call('supervisor@demo.test', 'inbox.conversations', {
      agentId: southSeller,
    });
    expect(other.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const seller = await env.call('vendedor@demo.test', 'inbox.conversations', {
      agentId: southSeller,
    });
    expect(seller.error?.data.domainCode).toBe('PERMISSION_DENIED');
    expect(
      (await env.call('comercial@demo.test', 'inbox.conversations', { agentId: southSeller }))
        .status,
    ).toBe(200);
  });

  it("'Inbox' lists unassigned contacts with their count", async () => {
    const orphan = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Libre',
      lastInteractionAt: new Date(Date.now() + 120_000),
    });
    const count = await env.call('vendedor@demo.test', 'inbox.unassignedCount');
    expect(count.data).toBeGreaterThan(0);
    const page = await env.call('vendedor@demo.test', 'inbox.unassigned', {});
    expect(page.data.items[0]!.id).toBe(orphan.id);
    // Otra Empresa has no inbox feature: the screen is refused, and nothing of Demo leaks.
    const stranger = await env.call('vendedor@otra.test', 'inbox.unassigned', {});
    expect(stranger.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });
});
