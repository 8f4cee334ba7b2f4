import { beforeAll } from 'vitest';
import { createContact } from '@cartera/db/factories';
import type { Contact } from '@cartera/db/schema';
import type { DemoApp } from './demo-app';
import { SELLER } from './demo-users';

/** What POST /api/aws/documents answers: where to PUT the file, and its permanent address. */
export interface UploadTicket {
  url: string;
  key: string;
  headers: Record<string, string>;
  fileUrl: string;
}

/**
 * The frame of a file of tests about the files a note carries: a contact of the demo seller,
 * made before the file's tests, whose notes carry them (`frame.contact`).
 */
export function noteFilesFrame(env: DemoApp, name: { firstName: string; lastName: string }) {
  const frame = { contact: undefined as unknown as Contact };
  beforeAll(async () => {
    frame.contact = await createContact(env.database.handle.db, env.demo.demo, {
      ...name,
      agentId: env.demo.users[SELLER]!.id,
    });
  });
  return frame;
}

/** The JSON body of POST /api/aws/documents asking to upload a PDF for a note. */
export function pdfUploadRequest(name: string, body: string) {
  return JSON.stringify({
    name,
    mimeType: 'application/pdf',
    via: 'note',
    size: Buffer.byteLength(body),
  });
}
