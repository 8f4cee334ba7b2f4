import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { contacts } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { useDemoApp } from '../../testing/demo-app';
import { waitFor, watchTopic } from '../../testing/ws-client';
import { JAIL as JAILED } from '../../testing/demo-users';

/*
 * jail@demo.test is confined to /training and /settings (01 §6 jailUrl): she reaches the frame and
 * what those screens need, and nothing else, also through procedures that serve no one screen.
 */
const env = useDemoApp();

describe('usuario confinado', () => {
  it('llama a lo del marco y de /settings', async () => {
    expect((await env.call(JAILED, 'auth.me')).status).toBe(200);
    expect((await env.call(JAILED, 'settings.appearance')).status).toBe(200);
    expect((await env.call(JAILED, 'account.linked')).status).toBe(200);
  });

  it('no llega a contactos, usuarios, etiquetas ni empresas por ningún procedimiento', async () => {
    const attempts = [
      env.call(JAILED, 'contact.lookup', { search: 'a' }),
      env.call(JAILED, 'user.lookup', {}),
      env.call(JAILED, 'catalog.tags'),
      env.call(JAILED, 'customField.forForm', { entity: 'contact', mode: 'create' }),
      env.call(JAILED, 'place.status'),
      env.call(JAILED, 'contact.list', {}),
      env.call(JAILED, 'company.list', {}),
      env.call(JAILED, 'sharedInbox.mine'),
    ];
    for (const result of await Promise.all(attempts)) {
      expect(result.status).toBe(403);
      expect(result.error?.data.domainCode).toBe('PERMISSION_DENIED');
    }
  });
});

describe('usuario confinado por REST', () => {
  const rest = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${env.app.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await env.tokenOf(JAILED)}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { code?: string } };
  };

  it('llega a sus preferencias', async () => {
    expect((await rest('GET', '/api/settings/appearance')).status).toBe(200);
  });

  it('no llega a contactos, direcciones, adjuntos ni empresas por las rutas REST', async () => {
    const attempts = await Promise.all([
      rest('GET', '/api/crm/contacts'),
      rest('GET', '/api/crm/googlemaps/places/autocomplete?searchInput=Av'),
      rest('POST', '/api/aws/documents', {
        fileName: 'a.pdf',
        contentType: 'application/pdf',
        size: 10,
      }),
      rest('GET', '/api/comercial/companyGroup'),
      rest('GET', '/api/admin/changeaccount/othercompany'),
    ]);
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.body.code).toBe('PERMISSION_DENIED');
    }
  });
});

describe('usuario confinado en vivo (S12)', () => {
  it('su canal en vivo no recibe eventos de sus contactos; quien ve la conversación sí', async () => {
    const { db } = env.database.handle;
    const julia = env.demo.users[JAILED]!;
    const [contact] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.tenantId, julia.tenantId), eq(contacts.agentId, julia.id)))
      .limit(1);
    expect(contact, 'Julia tiene contactos propios').toBeDefined();
    const listen = async (email: string) => watchTopic(env.app.url, await env.tokenOf(email));
    const jailed = await listen(JAILED);
    const manager = await listen('comercial@demo.test');
    try {
      const note = await env.call('comercial@demo.test', 'interaction.createNote', {
        contactId: contact!.id,
        id: newId(),
        body: 'Nota para la cartera de Julia',
      });
      expect(note.status).toBe(200);
      const topic = `contact:${contact!.id}`;
      await waitFor(
        () => manager.received.some((event) => event.topic === topic),
        15_000,
        "the manager's event",
      );
      // The jailed stream had the same event offered before the manager's arrived: a training
      // event written after it reaches her, so nothing of the contact is still on its way.
      const post = await env.call('admin@demo.test', 'training.createPost', {
        title: 'Aviso',
        content: 'Para todos',
      });
      expect(post.status).toBe(200);
      await waitFor(
        () => jailed.received.some((event) => event.topic === 'training'),
        15_000,
        'the training event',
      );
      expect(jailed.received.filter((event) => event.topic.startsWith('contact:'))).toEqual([]);
    } finally {
      jailed.stop();
      manager.stop();
    }
  });
});
