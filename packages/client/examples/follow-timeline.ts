import WebSocket from 'ws'; // Node 20 has no global WebSocket; browsers and Node 22+ need none
import { createCarteraClient } from '@cartera/client';

/** Lists a seller's contacts, then prints the first one's live timeline events (`count` of them). */
export async function followTimeline(url: string, token: string, log = console.log, count = 1) {
  const { api, close } = createCarteraClient({
    baseUrl: url,
    token,
    WebSocket,
  });
  const { items } = await api.contact.list.query({});
  for (const contact of items.slice(0, 5)) log(`${contact.firstName} ${contact.lastName}`);
  const topic = `contact:${items[0]!.id}`;
  let seen = 0;
  await new Promise<void>((done, fail) => {
    const subscription = api.realtime.events.subscribe(
      { topics: [topic] },
      {
        onStarted: () => log(`Siguiendo ${topic}: escribe una nota en ese contacto.`),
        onError: fail,
        onData: ({ data }) => {
          log(`${data.type} ${JSON.stringify(data.payload)}`);
          seen += 1;
          if (seen < count) return;
          subscription.unsubscribe();
          done();
        },
      },
    );
  }).finally(close);
}
