// What an integrator's program does with the packed @cartera/client, run with plain `node` from
// a folder outside the workspace (apps/server/src/client-package.int.test.ts copies it there).
// CARTERA_URL, CARTERA_EMAIL and CARTERA_PASSWORD say where and who; each step prints one JSON
// line `{ step, … }` for the test to read.
import WebSocket from 'ws';
import { createCarteraClient, newItemId, carteraErrorCode } from '@cartera/client';

const url = process.env.CARTERA_URL;
const print = (step, values = {}) =>
  process.stdout.write(`${JSON.stringify({ step, ...values })}\n`);

// A session token only to create the personal API token (as the README's commands do).
const login = await fetch(`${url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    email: process.env.CARTERA_EMAIL,
    password: process.env.CARTERA_PASSWORD,
  }),
});
const session = createCarteraClient({ baseUrl: url, token: (await login.json()).token, WebSocket });
const created = await session.api.apiToken.create.mutate({
  name: 'Integración de prueba',
  scope: 'write',
});
print('token', { prefix: created.token.slice(0, 5) });

const { api, close } = createCarteraClient({
  baseUrl: url,
  token: created.token,
  WebSocket,
  retryDelayMs: () => 100,
});
const contacts = await api.contact.list.query({});
print('contacts', { count: contacts.items.length });
const contactId = contacts.items[0].id;
const timeline = await api.interaction.timeline.query({ contactId });
print('timeline', { items: timeline.items.length });

const noteId = newItemId();
const ended = new Promise((resolve) => {
  let received = false;
  const started = new Promise((ready) => {
    api.realtime.events.subscribe(
      { topics: [`contact:${contactId}`] },
      {
        onStarted: ready,
        onData: ({ data }) => {
          if (data.payload?.interactionId === noteId && !received) {
            received = true;
            print('event', { type: data.type, interactionId: data.payload.interactionId });
            void session.api.apiToken.revoke.mutate({ id: created.id });
          }
        },
        onError: (error) =>
          resolve({
            how: 'error',
            code: error.data?.code ?? null,
            domainCode: carteraErrorCode(error) ?? null,
          }),
        onComplete: () => resolve({ how: 'complete' }),
        onStopped: () => resolve({ how: 'stopped' }),
      },
    );
  });
  void started
    .then(() =>
      api.interaction.createNote.mutate({ contactId, id: noteId, body: 'Nota de la integración' }),
    )
    .then((note) => print('note', { id: note.id ?? noteId }));
});
print('ended', await ended);
close();
session.close();
