import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContact } from '@cartera/db/factories';
import { seedDemo, type DemoData } from '@cartera/db/seed';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { restLogin, typedCall } from '../../testing/http-client';
import { startTestApp, type TestApp } from '../../testing/test-app';

let database: TestDatabase;
let app: TestApp;
let demo: DemoData;

beforeAll(async () => {
  database = await createTestDatabase();
  demo = await seedDemo(database.handle.db);
  app = await startTestApp(database.handle, { JOBS_ENABLED: 'false' });
});

afterAll(async () => {
  await app?.stop();
  await database?.destroy();
});

async function quickReplies(email: string, search?: string) {
  const { token } = (await restLogin(app.url, email)).body;
  const result = await typedCall(
    app.url,
    'templates.quickReplies',
    { search },
    { token, method: 'GET' },
  );
  return result.data.map((reply) => reply.title);
}

describe('quick replies (03 §4, §5)', () => {
  it('match title or message ignoring case and accents; personal ones only for their owner', async () => {
    expect(await quickReplies('vendedor@demo.test', 'COTIZACION')).toEqual(['Cotización']);
    expect(await quickReplies('vendedor@demo.test', 'cuotas')).toEqual(['Medios de pago']);
    expect(await quickReplies('vendedor@demo.test', 'firma')).toEqual(['Mi firma']);
    expect(await quickReplies('vendedora@demo.test', 'firma')).toEqual([]);
    expect((await quickReplies('vendedor@demo.test')).length).toBe(7);
    expect(await quickReplies('vendedor@otra.test')).toEqual([]);
  });
});

describe('bot toggle (03 §4, §8)', () => {
  it("switches the contact's bot, and names what is missing when it cannot", async () => {
    const contact = await createContact(database.handle.db, demo.demo, {
      firstName: 'Bot',
      agentId: demo.users['vendedor@demo.test']!.id,
    });
    const { token } = (await restLogin(app.url, 'vendedor@demo.test')).body;
    const on = await typedCall(
      app.url,
      'interactions.setBot',
      { contactId: contact.id, active: true },
      { token },
    );
    expect(on.data).toEqual({ botActive: true });
    const detail = await typedCall(
      app.url,
      'contacts.get',
      { id: contact.id },
      { token, method: 'GET' },
    );
    expect(detail.data.botActive).toBe(true);

    const foreign = await createContact(database.handle.db, demo.other, {
      firstName: 'Sin bot',
      agentId: demo.users['vendedor@otra.test']!.id,
    });
    const other = (await restLogin(app.url, 'vendedor@otra.test')).body.token;
    const missing = await typedCall(
      app.url,
      'interactions.setBot',
      { contactId: foreign.id, active: true },
      { token: other },
    );
    expect(missing.error?.data.domainCode).toBe('BOT_CONFIG_NOT_FOUND');
    expect(missing.error?.message).toBe('No se encontró la configuración del BOT');
  });
});
