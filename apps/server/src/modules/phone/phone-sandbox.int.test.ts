import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { contacts, interactions } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { restLogin, typedCall, type ProcedurePath } from '../../testing/http-client';

/*
 * The demo's 'Aircall de prueba' (issue #39): seeded on the demo's first start, answered in
 * process, driven by its web phone's controls.
 */

let database: TestDatabase;
let app: TestApp;
const SELLER = 'vendedor@demo.test';
const tokens = new Map<string, string>();

async function call<P extends ProcedurePath>(email: string, path: P, input?: unknown) {
  if (!tokens.has(email)) tokens.set(email, (await restLogin(app.url, email)).body.token);
  const method = /\.(connection|providers|channels|numberStates|list)$/.test(path) ? 'GET' : 'POST';
  return typedCall<P>(app.url, path, input, { token: tokens.get(email)!, method });
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startTestApp(database.handle, { CARTERA_SEED_DEMO: 'true' });
});

afterAll(async () => {
  await app?.stop();
  await database?.destroy();
});

describe("'Aircall de prueba' de la demo", () => {
  it('se conecta solo; quien elige su usuario llama y la llamada termina contestada', async () => {
    const connection = await call('comercial@demo.test', 'phone.connection');
    expect(connection.data).toMatchObject({
      connected: true,
      name: 'Aircall de prueba',
      sandbox: true,
    });
    const channels = await call(SELLER, 'phone.channels');
    const mine = channels.data.users.find((each) => each.email === SELLER)!;
    expect(mine.numberIds).toEqual(['1']);
    const saved = await call(SELLER, 'phone.saveProviders', { externalUserId: mine.id });
    expect(saved.data.mapping).toMatchObject({ externalUserId: mine.id, numberIds: ['1'] });
    const base = new URL(saved.data.phoneUrl!).pathname;
    const page = await fetch(`${app.url}${base}`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);

    const [contact] = await database.handle.db
      .select()
      .from(contacts)
      .where(
        sql`cardinality(${contacts.phones}) > 0 and ${contacts.agentId} = (select id from users where email = ${SELLER})`,
      )
      .orderBy(contacts.id)
      .limit(1);
    const id = newId();
    const started = await call(SELLER, 'phone.startCall', {
      contactId: contact!.id,
      id,
      phone: contact!.phones[0],
    });
    expect(started.status).toBe(200);
    let callId: number | undefined;
    await expect
      .poll(async () => {
        const list = (await (await fetch(`${app.url}${base}/calls`)).json()) as {
          calls: Array<{ id: number; number: string }>;
        };
        callId = list.calls.find((each) => each.number === contact!.phones[0])?.id;
        return callId;
      })
      .toBeDefined();
    for (const action of ['answer', 'hangup']) {
      const answer = await fetch(`${app.url}${base}/calls/${callId}/${action}`, { method: 'POST' });
      expect(answer.status).toBe(200);
    }
    const [item] = await database.handle.db
      .select()
      .from(interactions)
      .where(eq(interactions.id, id));
    expect(item).toMatchObject({
      status: 'done',
      content: { origin: 'aircall', progress: 'done' },
    });
    expect(await (await fetch(`${app.url}/api/phone-sandbox/${'x'.repeat(32)}/calls`)).status).toBe(
      404,
    );
  });
});
