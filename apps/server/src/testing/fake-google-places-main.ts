import { createServer, request as forward } from 'node:http';
import { startFakeGooglePlaces } from './fake-google-places';

/**
 * The fake of Google Places (New) as a process of its own, for the browser tests: the built
 * server is started with GOOGLE_PLACES_BASE_URL pointing here and GOOGLE_PLACES_API_KEY=e2e-key,
 * so the real adapter speaks the real protocol. The fake picks a free port; this process listens
 * on the fixed one (FAKE_PLACES_PORT, 3199 by default), answers GET /health itself and passes
 * everything else through unchanged. It runs until it is stopped.
 *
 *   npx tsx apps/server/src/testing/fake-google-places-main.ts
 */
const port = Number(process.env.FAKE_PLACES_PORT ?? 3199);
const apiKey = process.env.FAKE_PLACES_API_KEY ?? 'e2e-key';

const fake = await startFakeGooglePlaces({ apiKey });
const target = new URL(fake.url);

const server = createServer((incoming, outgoing) => {
  if (incoming.method === 'GET' && incoming.url === '/health') {
    outgoing.writeHead(200, { 'content-type': 'application/json' });
    outgoing.end(JSON.stringify({ ok: true, places: fake.places.length }));
    return;
  }
  const upstream = forward(
    {
      hostname: target.hostname,
      port: target.port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers,
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  upstream.on('error', () => {
    if (!outgoing.headersSent) outgoing.writeHead(502);
    outgoing.end();
  });
  incoming.pipe(upstream);
});

server.listen(port, '127.0.0.1', () => {
  console.warn(`Fake Google Places on http://127.0.0.1:${port} (key ${apiKey})`);
});

async function stop() {
  server.close();
  await fake.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
