import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { users } from '@cartera/db/schema';
import { es } from '@cartera/domain/i18n';
import type { AppDeps } from '../../deps';
import { now } from '../../lib/clock';
import { sealSecrets } from '../../lib/secret-box';
import { registerInProcessProvider } from '../../providers/provider-http';
import { AircallSimulator } from '../../providers/aircall/aircall-simulator';
import type { AircallWebhook } from '../../providers/aircall/aircall.adapter';
import { PROVIDER, receiveAircallWebhook } from './phone-calls.service';
import { findConnection, findConnectionByWebhookKey, upsertConnection } from './phone.repository';
import {
  ensureSandboxMapping,
  isSandboxUrl,
  SANDBOX_NUMBER,
  SANDBOX_ORIGIN,
  sandboxAircallId,
} from './phone-sandbox-ids';

/*
 * 'Aircall de prueba' (issue #39): the demo company's Aircall is the simulator in process, under
 * sandbox://aircall/{tenant}/v1 (the outbound guard refuses that scheme to anyone else), whose
 * webhooks go straight to the company's webhook handler with its token. Its web phone is a page
 * of ours (/api/phone-sandbox/{key}), shown in the softphone's frame: it lists the company's
 * simulated calls and answers, hangs up, leaves a voicemail or rings an incoming call. The same
 * page's calls (JSON) drive the browser tests. Every user of the company has an Aircall user of
 * their own there (a number derived from their id, with their e-mail), which they choose in
 * 'Ajustes' › 'Llamadas'; ringing an incoming call on a user from the page maps it.
 */

const SANDBOX_KEYS = { apiId: 'sandbox', apiToken: 'sandbox' };
const sandboxBaseUrl = (tenantId: string) => `${SANDBOX_ORIGIN}/${tenantId}/v1`;

export class AircallSandbox {
  private readonly simulators = new Map<string, AircallSimulator>();
  private stop: (() => void) | undefined;

  constructor(private readonly deps: AppDeps) {}

  /** Answers the in-process API; call once at start. */
  start() {
    this.stop = registerInProcessProvider(SANDBOX_ORIGIN, async (url, request) => {
      const match = /^sandbox:\/\/aircall\/([0-9a-f-]{36})(\/v1\/.*)$/.exec(url);
      if (!match) return answer(404, '{}');
      const simulator = await this.simulatorFor(match[1]!);
      const body = Buffer.from(
        typeof request.body === 'string' ? request.body : (request.body ?? Buffer.alloc(0)),
      );
      const result = simulator.handle(
        request.method ?? 'GET',
        match[2]!,
        request.headers ?? {},
        body,
      );
      return answer(result.status, result.body.toString('utf8'), result.headers);
    });
  }

  close() {
    this.stop?.();
  }

  /** The company's simulator, its users refreshed from the company's users. */
  async simulatorFor(tenantId: string) {
    const rows = await this.deps.db
      .select({ id: users.id, name: users.name, lastname: users.lastname, email: users.email })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.active, true)));
    const people = rows.map((row) => ({
      id: sandboxAircallId(row.id),
      name: `${row.name} ${row.lastname}`.trim(),
      email: row.email,
      numberIds: [SANDBOX_NUMBER.id],
    }));
    let simulator = this.simulators.get(tenantId);
    if (!simulator) {
      simulator = new AircallSimulator({
        ...SANDBOX_KEYS,
        users: people,
        numbers: [SANDBOX_NUMBER],
      });
      // The server's clock: the tests' seam moves a call's times with everything else.
      simulator.now = () => Math.floor(now().getTime() / 1000);
      const connection = await findConnection(this.deps.db, tenantId, PROVIDER);
      simulator.webhookToken = connection?.webhookToken ?? '';
      const key = connection?.webhookKey ?? '';
      simulator.deliver = async (webhook: AircallWebhook) => {
        const result = await receiveAircallWebhook(this.deps, key, webhook);
        if (result.status !== 200) throw new Error(`sandbox webhook answered ${result.status}`);
      };
      this.simulators.set(tenantId, simulator);
    } else {
      simulator.setUsers(people);
    }
    return simulator;
  }
}

function answer(status: number, text: string, headers: Record<string, string> = {}) {
  const bytes = Buffer.from(text);
  return {
    status,
    ok: status < 400,
    headers: { 'content-type': 'application/json', ...headers },
    text,
    bytes,
  };
}

/** The demo company's 'Aircall de prueba' (the first start of a demo installation). */
export async function seedPhoneSandbox(deps: AppDeps, tenantId: string) {
  if (await findConnection(deps.db, tenantId, PROVIDER)) return;
  const webhookKey = randomBytes(24).toString('base64url');
  await upsertConnection(deps.db, {
    tenantId,
    provider: PROVIDER,
    baseUrl: sandboxBaseUrl(tenantId),
    name: es.phone.sandboxName,
    secrets: sealSecrets(deps.env.secretsKey, SANDBOX_KEYS),
    webhookKey,
    webhookToken: randomBytes(16).toString('hex'),
    phoneUrl: `${deps.env.publicUrl}/api/phone-sandbox/{key}`,
  });
}

// ---------------------------------------------------------------------------------------------
// The web phone page and its controls (public: the key names one sandbox company)

const ZKey = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
const ZCallParams = ZKey.extend({
  id: z.coerce.number().int().positive(),
  action: z.enum(['answer', 'hangup', 'voicemail']),
});
const ZIncoming = z.object({
  from: z.string().trim().min(4).max(40),
  /** The Cartera user it rings on; the first user of the company otherwise. */
  userId: z.string().uuid().optional(),
});

export function registerPhoneSandboxRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  sandbox: AircallSandbox,
) {
  const simulatorOf = async (key: string) => {
    const connection = await findConnectionByWebhookKey(deps.db, key);
    if (!connection || !isSandboxUrl(connection.baseUrl)) return undefined;
    return { connection, simulator: await sandbox.simulatorFor(connection.tenantId) };
  };
  const hidden = { schema: { hide: true } };

  app.get('/api/phone-sandbox/:key', hidden, async (request, reply) => {
    const params = ZKey.safeParse(request.params);
    const found = params.success ? await simulatorOf(params.data.key) : undefined;
    if (!found) return reply.status(404).type('text/plain').send('not found');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(sandboxPhonePage(params.data!.key));
  });

  app.get('/api/phone-sandbox-script.js', hidden, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(SANDBOX_PHONE_SCRIPT),
  );

  app.get('/api/phone-sandbox/:key/calls', hidden, async (request, reply) => {
    const params = ZKey.safeParse(request.params);
    const found = params.success ? await simulatorOf(params.data.key) : undefined;
    if (!found) return reply.status(404).send({ error: 'not found' });
    return reply.header('cache-control', 'no-store').send({
      calls: [...found.simulator.calls.values()].reverse().map((call) => ({
        id: call.id,
        direction: call.direction,
        status: call.status,
        number: call.raw_digits,
        userId: call.user?.id ?? null,
        answered: !!call.answered_at,
      })),
    });
  });

  app.post('/api/phone-sandbox/:key/incoming', hidden, async (request, reply) => {
    const params = ZKey.safeParse(request.params);
    const input = ZIncoming.safeParse(request.body ?? {});
    const found = params.success ? await simulatorOf(params.data.key) : undefined;
    if (!found) return reply.status(404).send({ error: 'not found' });
    if (!input.success) return reply.status(400).send({ error: es.phone.numberInvalid });
    if (input.data.userId) {
      await ensureSandboxMapping(deps.db, found.connection.tenantId, input.data.userId);
    }
    const id = await found.simulator.incoming({
      from: input.data.from,
      numberId: SANDBOX_NUMBER.id,
      ...(input.data.userId ? { userId: sandboxAircallId(input.data.userId) } : {}),
    });
    return reply.send({ id });
  });

  app.post('/api/phone-sandbox/:key/calls/:id/:action', hidden, async (request, reply) => {
    const params = ZCallParams.safeParse(request.params);
    const found = params.success ? await simulatorOf(params.data.key) : undefined;
    if (!found || !found.simulator.calls.has(params.data!.id)) {
      return reply.status(404).send({ error: 'not found' });
    }
    const { id, action } = params.data!;
    if (action === 'answer') await found.simulator.answer(id);
    else if (action === 'hangup') await found.simulator.hangup(id);
    else {
      await found.simulator.voicemail(id, `${deps.env.publicUrl}/api/phone-sandbox-voicemail.wav`);
      await found.simulator.hangup(id);
    }
    return reply.send({ ok: true });
  });

  // The voicemail every simulated caller leaves: a second of a 440 Hz tone.
  app.get('/api/phone-sandbox-voicemail.wav', hidden, async (_request, reply) =>
    reply.type('audio/wav').header('cache-control', 'public, max-age=86400').send(toneWav()),
  );
}

function toneWav() {
  const rate = 8000;
  const samples = rate;
  const data = Buffer.alloc(samples);
  for (let i = 0; i < samples; i += 1) {
    data[i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * 440 * i) / rate));
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, data]);
}

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function sandboxPhonePage(key: string) {
  const text = es.phone.sandbox;
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(text.title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:12px;background:#f8f9fa;color:#212529;font-size:14px}
h1{font-size:16px;margin:0 0 8px}
p{margin:0 0 8px;color:#495057}
form{display:flex;gap:6px;margin:8px 0 12px}
input{flex:1;min-width:0;padding:6px 8px;border:1px solid #ced4da;border-radius:4px;font:inherit}
button{padding:6px 10px;border:1px solid #ced4da;border-radius:4px;background:#fff;font:inherit;cursor:pointer}
button.primary{background:#228be6;border-color:#228be6;color:#fff}
ul{list-style:none;margin:0;padding:0}
li{background:#fff;border:1px solid #dee2e6;border-radius:6px;padding:8px;margin-bottom:6px}
li .actions{display:flex;gap:6px;flex-wrap:wrap;margin-top:6px}
</style></head>
<body data-key="${escape(key)}" data-labels="${escape(JSON.stringify(text))}">
<h1>${escape(text.title)}</h1>
<p>${escape(text.intro)}</p>
<form id="incoming"><label for="from" style="position:absolute;left:-9999px">${escape(text.from)}</label>
<input id="from" name="from" placeholder="+598 99 000 001" autocomplete="off">
<button class="primary" type="submit">${escape(text.ring)}</button></form>
<ul id="calls" aria-live="polite"></ul>
<script src="/api/phone-sandbox-script.js"></script>
</body></html>`;
}

const SANDBOX_PHONE_SCRIPT = `(() => {
  const key = document.body.dataset.key;
  const t = JSON.parse(document.body.dataset.labels);
  const list = document.getElementById('calls');
  const base = '/api/phone-sandbox/' + key;
  async function post(path, body) {
    await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body || {}) });
    await refresh();
  }
  function button(label, onClick) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', onClick);
    return b;
  }
  async function refresh() {
    const response = await fetch(base + '/calls');
    if (!response.ok) return;
    const { calls } = await response.json();
    list.replaceChildren(...(calls.length ? calls.slice(0, 10).map((call) => {
      const li = document.createElement('li');
      const title = document.createElement('div');
      title.textContent = (call.direction === 'inbound' ? t.inbound : t.outbound) + ' · ' + call.number + ' · ' + (t.status[call.status] || call.status);
      li.append(title);
      if (call.status !== 'done') {
        const actions = document.createElement('div');
        actions.className = 'actions';
        if (call.status !== 'answered') actions.append(button(t.answer, () => post('/calls/' + call.id + '/answer')));
        actions.append(button(t.hangup, () => post('/calls/' + call.id + '/hangup')));
        if (call.direction === 'inbound' && call.status !== 'answered') actions.append(button(t.voicemail, () => post('/calls/' + call.id + '/voicemail')));
        li.append(actions);
      }
      return li;
    }) : [Object.assign(document.createElement('li'), { textContent: t.empty })]));
  }
  document.getElementById('incoming').addEventListener('submit', (event) => {
    event.preventDefault();
    const from = document.getElementById('from').value.trim();
    if (from) void post('/incoming', { from });
  });
  void refresh();
  setInterval(() => void refresh(), 1500);
})();
`;
