import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { groups } from '@cartera/db/schema';
import { es } from '@cartera/domain/i18n';
import { useDemoApp } from '../../testing/demo-app';
import {
  startFakeExternalContacts,
  type FakeExternalContacts,
} from '../../testing/fake-external-contacts';
import { COMERCIAL, OTHER_SELLER, SELLER } from '../../testing/demo-users';

// The fake external system listens on 127.0.0.1, which this instance lists as exempt from the
// outbound-URL guard; 'localhost' is not listed.
const env = useDemoApp({ JOBS_ENABLED: 'false', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
const SECRET = 'token-de-estadisticas-secreto';
let external: FakeExternalContacts;

beforeAll(async () => {
  external = await startFakeExternalContacts(SECRET);
});

afterAll(async () => {
  await external?.stop();
});

async function disconnect() {
  await env.database.handle.db
    .update(groups)
    .set({ configs: sql`${groups.configs} #- '{contacts,externalSystem}'` })
    .where(eq(groups.id, env.demo.demo.id));
}

async function sellersContact(firstName: string) {
  const created = await env.call(SELLER, 'contact.create', {
    firstName,
    phones: [{ phone: `094 ${String(Date.now()).slice(-6)}`, extensionNumber: '' }],
  });
  expect(created.error).toBeUndefined();
  return created.data!.id;
}

describe("the conversation's external statistics (03 §7, issue #43 item 3)", () => {
  it('asks the statistics address with ?id= and the sealed token, which no answer carries', async () => {
    await disconnect();
    const id = await sellersContact('Estadística');
    // Without a system (or without its statistics address) there is no panel.
    expect((await env.call(SELLER, 'contact.externalStats', { id })).data).toEqual({
      configured: false,
      items: [],
    });

    const saved = await env.call(COMERCIAL, 'security.updateExternalIntegrations', {
      externalSystem: external.config('Padrón'),
    });
    expect(saved.error).toBeUndefined();
    expect(saved.data?.externalSystem).toMatchObject({
      statsUrl: `${external.url}/stats`,
      tokenSet: true,
    });
    external.stats = {
      stats: [
        { title: 'Compras del año', body: 12, type: 'text' },
        { title: 'Segmento', body: 'Oro', type: 'chip' },
        { title: 'Sin tipo', body: 'texto' },
        { nada: 'que ver' },
        { title: '   ', body: 'sin título' },
      ],
    };
    const before = external.requests.length;
    const stats = await env.call(SELLER, 'contact.externalStats', { id });
    expect(stats.error).toBeUndefined();
    expect(stats.data).toEqual({
      configured: true,
      items: [
        { title: 'Compras del año', body: '12', kind: 'text' },
        { title: 'Segmento', body: 'Oro', kind: 'chip' },
        { title: 'Sin tipo', body: 'texto', kind: 'text' },
      ],
    });
    const [asked] = external.requests.slice(before);
    expect(asked).toMatchObject({
      method: 'GET',
      path: '/stats',
      query: { id },
      authorization: `Bearer ${SECRET}`,
    });
    expect(JSON.stringify(stats)).not.toContain(SECRET);
    expect(JSON.stringify(saved)).not.toContain(SECRET);

    // A bare list is read too.
    external.stats = [{ title: 'Visitas', body: '3' }];
    expect((await env.call(SELLER, 'contact.externalStats', { id })).data?.items).toEqual([
      { title: 'Visitas', body: '3', kind: 'text' },
    ]);
    await disconnect();
  });

  it("a failing system is EXTERNAL_SYSTEM_ERROR; another seller's contact is not found", async () => {
    const id = await sellersContact('Falla');
    await env.call(COMERCIAL, 'security.updateExternalIntegrations', {
      externalSystem: external.config('Padrón'),
    });
    try {
      external.statsStatus = 500;
      const failed = await env.call(SELLER, 'contact.externalStats', { id });
      expect(failed.error?.data.domainCode).toBe('EXTERNAL_SYSTEM_ERROR');
      external.statsStatus = null;
      external.stats = '<html>no es json</html>';
      const garbled = await env.call(SELLER, 'contact.externalStats', { id });
      expect(garbled.error?.data.domainCode).toBe('EXTERNAL_SYSTEM_ERROR');

      const hidden = await env.call(OTHER_SELLER, 'contact.externalStats', { id });
      expect(hidden.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');

      // The guard refuses an address it does not allow (a private network's), when saved.
      const refused = await env.call(COMERCIAL, 'security.updateExternalIntegrations', {
        externalSystem: { ...external.config('Padrón'), statsUrl: 'http://169.254.169.254/stats' },
      });
      expect(refused.error?.data.fieldErrors).toEqual({
        'externalSystem.statsUrl': [es.security.external.outcomes.notAllowed],
      });
    } finally {
      external.stats = { stats: [] };
      external.statsStatus = null;
      await disconnect();
    }
  });
});
