import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import { es, format } from '@cartera/domain/i18n';
import { normalizePhone } from '@cartera/domain/phone';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { pageReadUrl } from '../files/file-links.service';
import { findSandboxChannel } from './channels.service';

/**
 * The customer's side of a 'Canal de prueba' (issue #12 §7): a page where anyone with its link
 * writes as a customer from a number of their choice and sees the company's replies. Public on
 * purpose (it is the phone of a made-up customer); it exists only for sandbox channels, whose
 * provider is the in-process simulator, and writes only through that channel's signed webhook.
 */
const text = es.channels.sandbox;
const ZKey = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
const ZMessage = z.object({
  from: z.enum(['customer', 'company']),
  text: z.string(),
  at: z.date(),
  /** A file the company sent: a read URL signed for this page (it has no session). */
  media: z
    .object({ kind: z.string(), url: z.string(), fileName: z.string().optional() })
    .optional(),
});

async function sandboxOf(deps: AppDeps, key: string) {
  const channel = await findSandboxChannel(deps.db, key);
  if (!channel) throw new DomainError('CHANNEL_NOT_FOUND');
  return channel;
}

function phoneOf(raw: string) {
  const phone = normalizePhone(raw.startsWith('+') ? raw : `+${raw}`);
  if (!phone)
    throw new DomainError('INVALID_REQUEST_BODY', { fields: { phone: [text.invalidPhone] } });
  return phone;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(channelName: string, key: string) {
  const labels = JSON.stringify({ ...text, you: text.you, company: text.company });
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(text.pageTitle)}</title>
<link rel="stylesheet" href="/sandbox/whatsapp.css">
</head>
<body>
<main data-key="${escape(key)}" data-labels="${escape(labels)}">
  <h1>${escape(text.pageTitle)}</h1>
  <p class="intro">${escape(format(text.intro, { channel: channelName }))}</p>
  <form id="who">
    <label>${escape(text.phone)}<input name="phone" type="tel" required value="+598 99 000 001" autocomplete="off"></label>
    <label>${escape(text.name)}<input name="name" required value="Cliente de prueba" autocomplete="off"></label>
  </form>
  <ol id="messages" aria-live="polite" aria-label="${escape(text.pageTitle)}"></ol>
  <form id="compose">
    <label class="grow">${escape(text.message)}<textarea name="text" rows="2" required maxlength="4096"></textarea></label>
    <button type="submit">${escape(text.send)}</button>
  </form>
  <p id="error" role="alert"></p>
</main>
<script src="/sandbox/whatsapp.js"></script>
</body>
</html>`;
}

const SCRIPT = `(() => {
  const main = document.querySelector('main');
  const key = main.dataset.key;
  const labels = JSON.parse(main.dataset.labels);
  const who = document.getElementById('who');
  const compose = document.getElementById('compose');
  const list = document.getElementById('messages');
  const error = document.getElementById('error');
  const button = compose.querySelector('button');
  const base = '/api/sandbox/whatsapp/' + encodeURIComponent(key) + '/messages';
  const phone = () => who.elements.phone.value;
  function mediaOf(media) {
    const tag = media.kind === 'image' || media.kind === 'sticker' ? 'img' : media.kind === 'audio' || media.kind === 'video' ? media.kind : 'a';
    const node = document.createElement(tag);
    if (tag === 'a') {
      node.href = media.url;
      node.textContent = media.fileName || labels.file;
      node.rel = 'noopener';
      node.target = '_blank';
    } else {
      node.src = media.url;
      if (tag === 'img') node.alt = media.fileName || labels.image;
      else node.controls = true;
    }
    node.className = 'media';
    return node;
  }
  async function refresh() {
    try {
      const response = await fetch(base + '?phone=' + encodeURIComponent(phone()));
      if (!response.ok) return;
      const messages = await response.json();
      list.replaceChildren(...(messages.length ? messages.map((message) => {
        const item = document.createElement('li');
        item.className = message.from;
        const who = document.createElement('span');
        who.className = 'who';
        who.textContent = message.from === 'customer' ? labels.you : labels.company;
        const body = document.createElement('span');
        body.textContent = message.text;
        item.append(who);
        if (message.media) item.append(mediaOf(message.media));
        item.append(body);
        return item;
      }) : [Object.assign(document.createElement('li'), { className: 'empty', textContent: labels.empty })]));
      list.scrollTop = list.scrollHeight;
    } catch {}
  }
  compose.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.textContent = '';
    button.disabled = true;
    button.textContent = labels.sending;
    try {
      const response = await fetch(base, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: phone(), name: who.elements.name.value, text: compose.elements.text.value }),
      });
      if (!response.ok) {
        const body = await response.json().catch(() => ({}));
        const field = body.fieldErrors && Object.values(body.fieldErrors)[0];
        error.textContent = (field && field[0]) || body.message || labels.failed;
      } else {
        compose.elements.text.value = '';
        await refresh();
      }
    } catch {
      error.textContent = labels.failed;
    } finally {
      button.disabled = false;
      button.textContent = labels.send;
    }
  });
  compose.elements.text.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) { event.preventDefault(); compose.requestSubmit(); }
  });
  who.elements.phone.addEventListener('change', refresh);
  refresh();
  setInterval(refresh, 1500);
})();
`;

const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#efeae2;color:#111b21}
main{max-width:560px;margin:0 auto;padding:16px;display:flex;flex-direction:column;gap:12px;min-height:100vh;box-sizing:border-box}
h1{font-size:1.25rem;margin:0}.intro{margin:0;color:#54656f;font-size:.9rem}
form{display:flex;gap:8px;flex-wrap:wrap;align-items:flex-end}label{display:flex;flex-direction:column;font-size:.8rem;gap:4px;color:#54656f}
.grow{flex:1}input,textarea{font:inherit;padding:8px;border:1px solid #d1d7db;border-radius:8px;background:#fff}
button{font:inherit;padding:10px 16px;border:0;border-radius:8px;background:#008069;color:#fff;cursor:pointer}button:disabled{opacity:.6}
#messages{list-style:none;margin:0;padding:12px;flex:1;overflow:auto;display:flex;flex-direction:column;gap:6px;background:#e5ddd5;border-radius:8px;min-height:240px}
#messages li{max-width:80%;padding:6px 10px;border-radius:8px;background:#fff;box-shadow:0 1px .5px rgba(0,0,0,.13);display:flex;flex-direction:column}
#messages li.customer{align-self:flex-end;background:#d9fdd3}#messages li.empty{align-self:center;background:transparent;box-shadow:none;color:#54656f}
.who{font-size:.7rem;color:#667781}.media{max-width:100%;border-radius:6px;margin:4px 0}#error{color:#c92a2a;margin:0;min-height:1.2em}`;

export function registerSandboxRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/sandbox/whatsapp.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SCRIPT),
  );
  app.get('/sandbox/whatsapp.css', (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(STYLE),
  );
  app.get('/sandbox/whatsapp/:key', async (request, reply) => {
    const params = ZKey.safeParse(request.params);
    const channel = params.success ? await findSandboxChannel(deps.db, params.data.key) : undefined;
    if (!channel) {
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="es"><meta charset="utf-8"><title>${escape(text.notFound)}</title><p>${escape(text.notFound)}</p></html>`,
        );
    }
    return reply.type('text/html; charset=utf-8').send(page(channel.name, channel.webhookKey));
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/sandbox/whatsapp/:key/messages',
    tags: ['sandbox'],
    summary:
      "A 'Canal de prueba' conversation as the customer's page shows it (public: the page of a made-up customer)",
    auth: 'public',
    params: ZKey,
    querystring: z.object({ phone: z.string().max(30) }),
    response: z.array(ZMessage),
    handler: async ({ deps, params, query }) => {
      const channel = await sandboxOf(deps, params.key);
      const messages = deps.sandbox.conversation(channel, phoneOf(query.phone));
      return Promise.all(
        messages.map(async ({ media, ...message }) =>
          media
            ? {
                ...message,
                media: {
                  kind: media.kind,
                  url: await pageReadUrl(deps, media.link),
                  ...(media.fileName ? { fileName: media.fileName } : {}),
                },
              }
            : message,
        ),
      );
    },
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/sandbox/whatsapp/:key/messages',
    tags: ['sandbox'],
    summary:
      "Writes to a 'Canal de prueba' as a customer: the simulator signs it and posts it to the channel's webhook",
    auth: 'public',
    params: ZKey,
    body: z.object({
      phone: z.string().max(30),
      name: z.string().trim().max(80).default(''),
      text: z.string().trim().min(1).max(4_096),
    }),
    response: z.object({ ok: z.literal(true) }),
    status: 201,
    handler: async ({ deps, params, body }) => {
      const channel = await sandboxOf(deps, params.key);
      await deps.sandbox.customerWrites(channel, { ...body, phone: phoneOf(body.phone) });
      return { ok: true as const };
    },
  });
}
