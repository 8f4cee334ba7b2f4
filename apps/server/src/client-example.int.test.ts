import { describe, expect, it } from 'vitest';
import { followTimeline } from '@cartera/client/examples/follow-timeline';
import { newId } from '@cartera/domain/ids';
import { useDemoApp } from './testing/demo-app';
import { waitFor } from './testing/ws-client';
import { SELLER } from './testing/demo-users';

/*
 * The example of packages/client/README.md, run as written against a started server: it lists
 * the seller's contacts and prints the live event of a note written on the first one.
 */
const env = useDemoApp();

describe('el paquete @cartera/client', () => {
  it('el ejemplo lista los contactos del vendedor y sigue un timeline en vivo', async () => {
    const token = await env.tokenOf(SELLER);
    const lines: string[] = [];
    const following = followTimeline(env.app.url, token, (line) => lines.push(line));
    await waitFor(() => lines.some((line) => line.startsWith('Siguiendo')), 15_000, 'follow');
    const topic = lines.find((line) => line.startsWith('Siguiendo'))!;
    const contactId = /contact:([0-9a-f-]+)/.exec(topic)![1]!;
    const noteId = newId();
    const note = await env.call(SELLER, 'interaction.createNote', {
      contactId,
      id: noteId,
      body: 'Nota escrita mientras el ejemplo escucha',
    });
    expect(note.status).toBe(200);
    await following;
    const listed = await env.call(SELLER, 'contact.list', {});
    const names = listed.data.items.slice(0, 5).map((item) => `${item.firstName} ${item.lastName}`);
    expect(lines.slice(0, names.length)).toEqual(names);
    const [type, payload] = lines.at(-1)!.split(/ (.*)/s);
    expect(type).toBe('interaction.created');
    expect(JSON.parse(payload!)).toEqual({ contactId, interactionId: noteId, type: 'note' });
  });
});
