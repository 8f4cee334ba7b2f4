import { describe, expect, it } from 'vitest';
import { newId } from '@cartera/domain/ids';
import { useDemoApp } from '../../testing/demo-app';
import { noteFilesFrame, pdfUploadRequest, type UploadTicket } from '../../testing/note-files';
import {
  ADMIN,
  SELLER,
  OTHER_SELLER,
  OTHER_TENANT as OTHER_COMPANY,
} from '../../testing/demo-users';

/*
 * Who reads a file of a conversation (issue #30 §5): the file belongs to the contact whose
 * timeline carries it, so the contact scope decides; before it is sent, only its uploader.
 */
const env = useDemoApp();

const files = noteFilesFrame(env, { firstName: 'Fermín', lastName: 'Adjunto' });

async function ticketFor(email: string, body: string, name = 'presupuesto.pdf') {
  const answer = await fetch(`${env.app.url}/api/aws/documents`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await env.tokenOf(email)}`,
    },
    body: pdfUploadRequest(name, body),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as UploadTicket;
}

async function uploaded(email: string, body: string) {
  const ticket = await ticketFor(email, body);
  const put = await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body });
  expect(put.status).toBe(200);
  return ticket;
}

async function readAs(email: string | null, url: string) {
  return fetch(url, {
    headers: email ? { authorization: `Bearer ${await env.tokenOf(email)}` } : {},
  });
}

const noteWith = (ticket: UploadTicket, size: number) =>
  env.call(ADMIN, 'interaction.createNote', {
    contactId: files.contact.id,
    id: newId(),
    body: 'Te adjunto el presupuesto',
    files: [{ name: 'presupuesto.pdf', url: ticket.fileUrl, mimeType: 'application/pdf', size }],
  });

describe('archivos de una conversación', () => {
  it('lo lee quien puede ver el contacto; otro vendedor, otra empresa o sin sesión no', async () => {
    const body = '%PDF-1.7 presupuesto';
    const ticket = await uploaded(ADMIN, body);

    // Before any note carries it: its uploader alone.
    expect((await readAs(ADMIN, ticket.fileUrl)).status).toBe(200);
    expect((await readAs(SELLER, ticket.fileUrl)).status).toBe(404);

    const note = await noteWith(ticket, body.length);
    expect(note.status).toBe(200);

    const seller = await readAs(SELLER, ticket.fileUrl);
    expect(seller.status).toBe(200);
    expect(await seller.text()).toBe(body);
    expect(seller.headers.get('content-disposition')).toMatch(/^attachment;/);

    const other = await readAs(OTHER_SELLER, ticket.fileUrl);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await readAs(OTHER_COMPANY, ticket.fileUrl)).status).toBe(404);
    expect((await readAs(null, ticket.fileUrl)).status).toBe(401);
  });

  it('una nota no apunta a un archivo que no terminó de subirse: FILE_NOT_UPLOADED y no se guarda', async () => {
    const before = await env.interactionsOf(files.contact.id);
    const ticket = await ticketFor(ADMIN, 'nunca llegó');

    const refused = await noteWith(ticket, 11);
    expect(refused.status).toBe(422);
    expect(refused.error?.data.domainCode).toBe('FILE_NOT_UPLOADED');
    expect(refused.error?.message).toBe('El archivo no terminó de subirse. Vuelve a adjuntarlo.');
    expect(await env.interactionsOf(files.contact.id)).toHaveLength(before.length);
  });

  it('nadie adjunta el archivo que subió otro usuario y no puede leer', async () => {
    const body = 'hoja de otro';
    const ticket = await uploaded(OTHER_SELLER, body);

    const refused = await noteWith(ticket, body.length);
    expect(refused.error?.data.domainCode).toBe('FILE_NOT_UPLOADED');
    expect((await readAs(SELLER, ticket.fileUrl)).status).toBe(404);
  });
});
