import { describe, expect, it } from 'vitest';
import { createContact } from '@cartera/db/factories';
import { useDemoApp } from '../../testing/demo-app';
import { inboxFixtures } from '../../testing/inbox-fixtures';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

const { customerWrites } = inboxFixtures(env);

describe('aviso de un mensaje del cliente (issue #33 item 2)', () => {
  it('avisa a su titular y, como equipo, a su supervisor; a nadie más', async () => {
    const seller = env.demo.users['vendedor@demo.test']!;
    const contact = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Aviso',
      lastName: 'Cliente',
      agentId: seller.id,
    });
    // Before the customer writes there is nothing to tell.
    expect(
      (await env.call('vendedor@demo.test', 'inbox.messageNotice', { contactId: contact.id })).data,
    ).toBeNull();

    await customerWrites(contact, 'Hola, ¿tienen el modelo en azul?');
    await customerWrites(contact, '¿Hacen envíos?');
    const mine = await env.call('vendedor@demo.test', 'inbox.messageNotice', {
      contactId: contact.id,
    });
    expect(mine.data).toEqual({
      contactId: contact.id,
      name: 'Aviso Cliente',
      audience: 'mine',
      holderId: seller.id,
      kind: 'text',
      text: '¿Hacen envíos?',
      unreadCount: 2,
    });
    const team = await env.call('supervisor@demo.test', 'inbox.messageNotice', {
      contactId: contact.id,
    });
    expect(team.data).toMatchObject({ audience: 'team', holderId: seller.id });
    // Another team's seller and the tenant-wide comercial are not told (not theirs).
    for (const email of ['vendedora@demo.test', 'comercial@demo.test']) {
      const other = await env.call(email, 'inbox.messageNotice', { contactId: contact.id });
      expect(other.error, email).toBeUndefined();
      expect(other.data, email).toBeNull();
    }
  });
});
