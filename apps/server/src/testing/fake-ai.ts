import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an OpenAI-compatible chat-completions endpoint on 127.0.0.1 (issue #44 item 3):
 * POST /v1/chat/completions answers a canned draft, streamed as server-sent events in several
 * chunks (`data: {"choices":[{"delta":{"content":…}}]}` … `data: [DONE]`) when the request asks
 * `stream: true`, or as one JSON completion otherwise. It refuses what the real API refuses for
 * these calls: a wrong or missing bearer key (401), a body without `model` or `messages` (400),
 * with the API's error shape. It records every request, and can be told to fail, to break off a
 * stream after its first chunk, or to never answer. The server tests, the browser tests (one per
 * worker) and the demo (`npm start` without AI_BASE_URL, main.ts) use it.
 */
export interface FakeAiRequest {
  method: string;
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /** The parsed JSON body, or undefined. */
  body: unknown;
}

/** One chat message of a recorded request. */
export interface FakeAiMessage {
  role: string;
  content: string;
}

export interface FakeAi {
  /** The API's base: http://127.0.0.1:PORT/v1 (what AI_BASE_URL points at). */
  url: string;
  apiKey: string;
  /** Every request received, oldest first. */
  requests: FakeAiRequest[];
  /** The chat messages of the last request (empty before any). */
  lastMessages(): FakeAiMessage[];
  /** The draft answered from now on (split into chunks of a few words). */
  setDraft(draft: string): void;
  /** From now on every request answers this HTTP status with the API's error shape. */
  fail(status?: number): void;
  /** From now on a stream sends its first two chunks and then the connection breaks. */
  breakMidway(): void;
  /** From now on requests are received but never answered. */
  hang(): void;
  /** Back to normal answers, keeping the recorded requests. */
  recover(): void;
  stop(): Promise<void>;
}

export interface FakeAiOptions {
  /** The only bearer key accepted; without one any (or none) is. */
  apiKey?: string;
  draft?: string;
  /** The pause between chunks of a stream (default 60 ms: a person sees it arrive). */
  chunkDelayMs?: number;
  /** Listen on this port (default: a free one). */
  port?: number;
}

export const FAKE_AI_DRAFT =
  '¡Hola! Gracias por escribirnos. Te confirmo que tenemos disponibilidad y podemos avanzar esta misma semana. ¿Te parece si coordinamos una llamada mañana para ver los detalles?';

/** The draft in chunks of about three words, spaces kept, as a model streams it. */
export function draftChunks(draft: string): string[] {
  const words = draft.match(/\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < words.length; index += 3) {
    chunks.push(words.slice(index, index + 3).join(''));
  }
  return chunks;
}

export async function startFakeAi(options: FakeAiOptions = {}): Promise<FakeAi> {
  const apiKey = options.apiKey ?? '';
  const delay = options.chunkDelayMs ?? 60;
  const requests: FakeAiRequest[] = [];
  let draft = options.draft ?? FAKE_AI_DRAFT;
  let mode: 'normal' | 'hang' | 'break' | { status: number } = 'normal';
  const timers = new Set<NodeJS.Timeout>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendError(response, 500, 'The server had an error.');
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(request);
    let body: unknown;
    try {
      body = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined;
    } catch {
      body = undefined;
    }
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    if (request.method === 'GET' && url.pathname === '/health') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: true }));
      return;
    }
    requests.push({ method: request.method ?? '', path: url.pathname, headers, body });

    if (mode === 'hang') return; // the connection stays open until stop()
    if (typeof mode === 'object') {
      return sendError(response, mode.status, 'The server is overloaded or not ready yet.');
    }
    if (url.pathname !== '/v1/chat/completions' || request.method !== 'POST') {
      return sendError(response, 404, `Unknown request URL: ${request.method} ${url.pathname}.`);
    }
    if (apiKey && headers.authorization !== `Bearer ${apiKey}`) {
      return sendError(response, 401, 'Incorrect API key provided.');
    }
    if (!isRecord(body) || typeof body.model !== 'string' || !Array.isArray(body.messages)) {
      return sendError(response, 400, "'model' and 'messages' are required properties.");
    }
    const id = `chatcmpl-fake${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    if (body.stream !== true) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: draft },
              finish_reason: 'stop',
            },
          ],
        }),
      );
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
    });
    const event = (delta: Record<string, string>, finish: string | null = null) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model: body.model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    response.write(event({ role: 'assistant', content: '' }));
    const chunks = draftChunks(draft);
    for (const [index, chunk] of chunks.entries()) {
      if (response.destroyed) return;
      if (mode === 'break' && index === 1) {
        // The first words arrived; the connection breaks once they are on their way.
        await new Promise<void>((resolve) =>
          response.write(event({ content: chunk }), () => resolve()),
        );
        response.destroy();
        return;
      }
      response.write(event({ content: chunk }));
      if (delay > 0) await wait(delay);
    }
    response.write(event({}, 'stop'));
    response.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    lastMessages() {
      const body = requests.at(-1)?.body;
      if (!isRecord(body) || !Array.isArray(body.messages)) return [];
      return body.messages as FakeAiMessage[];
    },
    setDraft(next) {
      draft = next;
    },
    fail(status = 503) {
      mode = { status };
    },
    breakMidway() {
      mode = 'break';
    },
    hang() {
      mode = 'hang';
    },
    recover() {
      mode = 'normal';
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** The OpenAI error shape. */
function sendError(response: ServerResponse, status: number, message: string) {
  const text = JSON.stringify({
    error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', code: null },
  });
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
