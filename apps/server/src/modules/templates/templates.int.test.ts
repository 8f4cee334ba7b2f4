import { describe, expect, it } from 'vitest';
import { createContact } from '@cartera/db/factories';
import { eq } from 'drizzle-orm';
import { messageTemplates } from '@cartera/db/schema';
import { restLogin, typedCall, uploadFile } from '../../testing/http-client';
import { useDemoApp } from '../../testing/demo-app';
import { waitFor, watchTopic } from '../../testing/ws-client';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

async function quickReplies(email: string, search?: string) {
  const { token } = (await restLogin(env.app.url, email)).body;
  const result = await typedCall(
    env.app.url,
    'template.quickReplies',
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

describe('e-mail templates (03 §3 E-mail template)', () => {
  it('have a subject and a rich body, appear only in the e-mail composer, and refuse a missing subject', async () => {
    const created = await env.call('vendedor@demo.test', 'template.create', {
      scope: 'personal',
      values: {
        type: 'email',
        title: 'Propuesta comercial',
        subject: 'Nuestra propuesta',
        message:
          '<p onclick="x()">Estimado cliente, <b>adjuntamos</b> la propuesta.</p><script>1</script>',
      },
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({
      type: 'email',
      subject: 'Nuestra propuesta',
      message: '<p>Estimado cliente, <b>adjuntamos</b> la propuesta.</p>',
    });
    const { token } = (await restLogin(env.app.url, 'vendedor@demo.test')).body;
    const email = await typedCall(
      env.app.url,
      'template.quickReplies',
      { search: 'propuesta', kind: 'email' },
      { token, method: 'GET' },
    );
    expect(email.data.map((each) => [each.title, each.subject])).toEqual([
      ['Propuesta comercial', 'Nuestra propuesta'],
    ]);
    // Not among the chat's quick replies.
    expect(await quickReplies('vendedor@demo.test', 'propuesta comercial')).toEqual([]);

    const noSubject = await env.call('vendedor@demo.test', 'template.create', {
      scope: 'personal',
      values: { type: 'email', title: 'Sin asunto', message: '<p>Hola</p>' },
    });
    expect(noSubject.status).toBe(400);
    expect(noSubject.error?.data.fieldErrors).toMatchObject({ subject: ['Requerido'] });
    const cleared = await env.call('vendedor@demo.test', 'template.update', {
      id: created.data.id,
      values: { subject: '' },
    });
    expect(cleared.error?.data.fieldErrors).toMatchObject({ subject: ['Requerido'] });
  });
});

describe('bot toggle (03 §4, §8)', () => {
  it("switches the contact's bot, and names what is missing when it cannot", async () => {
    const contact = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Bot',
      agentId: env.demo.users['vendedor@demo.test']!.id,
    });
    const { token } = (await restLogin(env.app.url, 'vendedor@demo.test')).body;
    const topic = `contact:${contact.id}`;
    const agentScreen = await watchTopic(env.app.url, token, topic);
    const otherSeller = await watchTopic(
      env.app.url,
      (await restLogin(env.app.url, 'vendedora@demo.test')).body.token,
      topic,
    );
    const on = await typedCall(
      env.app.url,
      'interaction.setBot',
      { contactId: contact.id, active: true },
      { token },
    );
    expect(on.data).toEqual({ botActive: true });
    const detail = await typedCall(
      env.app.url,
      'contact.get',
      { id: contact.id },
      { token, method: 'GET' },
    );
    expect(detail.data.botActive).toBe(true);
    // Another screen on the contact hears of it (no timeline item); another seller does not.
    await waitFor(() => agentScreen.received.length > 0, 15_000, 'contact.updated');
    expect(agentScreen.received[0]).toMatchObject({
      type: 'contact.updated',
      payload: { contactId: contact.id, what: 'bot' },
    });
    expect(otherSeller.received).toEqual([]);
    agentScreen.stop();
    otherSeller.stop();

    const foreign = await createContact(env.database.handle.db, env.demo.other, {
      firstName: 'Sin bot',
      agentId: env.demo.users['vendedor@otra.test']!.id,
    });
    const other = (await restLogin(env.app.url, 'vendedor@otra.test')).body.token;
    const missing = await typedCall(
      env.app.url,
      'interaction.setBot',
      { contactId: foreign.id, active: true },
      { token: other },
    );
    expect(missing.error?.data.domainCode).toBe('BOT_CONFIG_NOT_FOUND');
    expect(missing.error?.message).toBe('No se encontró la configuración del BOT');
  });
});

describe('managing quick replies (issue #12 §4)', () => {
  it('a seller keeps personal ones of their own; company ones belong to the managers', async () => {
    const mine = await env.call('vendedor@demo.test', 'template.create', {
      scope: 'personal',
      values: { title: 'Despedida', message: 'Gracias por escribirnos, ¡hasta pronto!' },
    });
    expect(mine.status).toBe(200);
    expect(mine.data).toMatchObject({ entityType: 'personal', title: 'Despedida' });
    expect(await quickReplies('vendedor@demo.test', 'despedida')).toEqual(['Despedida']);
    expect(await quickReplies('vendedora@demo.test', 'despedida')).toEqual([]);
    const personal = await env.call('vendedor@demo.test', 'template.list', { scope: 'personal' });
    expect(personal.data.map((each) => each.title)).toContain('Despedida');

    // Someone else's personal reply is not theirs to change or even to know of.
    const foreign = await env.call('vendedora@demo.test', 'template.update', {
      id: mine.data.id,
      values: { message: 'Cambiado' },
    });
    expect(foreign.status).toBe(404);
    expect(
      (await env.call('vendedora@demo.test', 'template.remove', { id: mine.data.id })).status,
    ).toBe(404);

    const edited = await env.call('vendedor@demo.test', 'template.update', {
      id: mine.data.id,
      values: { title: 'Despedida cordial' },
    });
    expect(edited.data).toMatchObject({
      title: 'Despedida cordial',
      message: 'Gracias por escribirnos, ¡hasta pronto!',
    });

    const empty = await env.call('vendedor@demo.test', 'template.create', {
      scope: 'personal',
      values: { title: 'Vacía', message: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.error?.data.fieldErrors).toMatchObject({ message: ['Requerido'] });

    // Company replies: refused to a seller, written by a manager, read by every seller.
    const refused = await env.call('vendedor@demo.test', 'template.create', {
      scope: 'company',
      values: { title: 'Aviso de feriado', message: 'El lunes no atendemos.' },
    });
    expect(refused.status).toBe(403);
    expect(
      (await env.call('vendedor@demo.test', 'template.list', { scope: 'company' })).status,
    ).toBe(403);
    const company = await env.call('comercial@demo.test', 'template.create', {
      scope: 'company',
      values: { title: 'Aviso de feriado', message: 'El lunes no atendemos.' },
    });
    expect(company.status).toBe(200);
    expect(await quickReplies('vendedora@demo.test', 'feriado')).toEqual(['Aviso de feriado']);
    const sellerEdit = await env.call('vendedor@demo.test', 'template.update', {
      id: company.data.id,
      values: { message: 'Nunca' },
    });
    expect(sellerEdit.status).toBe(403);
    expect(
      (await env.call('comercial@demo.test', 'template.remove', { id: company.data.id })).status,
    ).toBe(200);
    expect(await quickReplies('vendedora@demo.test', 'feriado')).toEqual([]);
    expect(
      (await env.call('vendedor@demo.test', 'template.remove', { id: mine.data.id })).status,
    ).toBe(200);
    expect(await quickReplies('vendedor@demo.test', 'despedida')).toEqual([]);
  });
});

describe('archivos de las respuestas rápidas (issue #30)', () => {
  const SELLER = 'vendedor@demo.test';
  const PDF = Buffer.from('%PDF-1.4 lista');

  async function upload(email: string, name: string) {
    return uploadFile(env.app.url, await env.tokenOf(email), {
      name,
      mimeType: 'application/pdf',
      via: 'template',
      body: PDF,
    });
  }

  const fileOf = (key: string) => ({
    url: `${env.app.url}/api/files/${key}`,
    fileName: 'lista.pdf',
    mimetype: 'application/pdf',
  });

  async function storedTitled(title: string) {
    return env.database.handle.db
      .select()
      .from(messageTemplates)
      .where(eq(messageTemplates.title, title));
  }

  it('un archivo de otra empresa o que nunca se subió se rechaza y no se guarda nada; uno subido sí', async () => {
    const foreign = await upload('vendedor@otra.test', 'ajena.pdf');
    const own = await upload(SELLER, 'lista.pdf');
    const [tenantId] = own.split('/');
    for (const key of [
      foreign,
      `${tenantId}/template/0190f7c2-0000-7000-8000-000000000001/x.pdf`,
    ]) {
      const refused = await env.call(SELLER, 'template.create', {
        scope: 'personal',
        values: { title: 'Lista ajena', files: [fileOf(key)] },
      });
      expect(refused.status, key).toBe(422);
      expect(refused.error?.data.domainCode).toBe('FILE_NOT_UPLOADED');
      expect(refused.error?.message).toBe('El archivo no terminó de subirse. Vuelve a adjuntarlo.');
    }
    expect(await storedTitled('Lista ajena')).toEqual([]);

    const created = await env.call(SELLER, 'template.create', {
      scope: 'personal',
      values: { title: 'Lista de precios', files: [fileOf(own)] },
    });
    expect(created.error).toBeUndefined();
    expect(created.data!.files).toEqual([fileOf(own)]);
    const changed = await env.call(SELLER, 'template.update', {
      id: created.data!.id,
      values: { files: [fileOf(own), fileOf(foreign)] },
    });
    expect(changed.error?.data.domainCode).toBe('FILE_NOT_UPLOADED');
    const [stored] = await storedTitled('Lista de precios');
    expect(stored!.files).toEqual([fileOf(own)]);
  });
});
