import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { pageReadUrl } from '../files/file-links.service';
import { findSandboxChannel } from './channels.service';
import { SANDBOX_SCRIPT, SANDBOX_STYLE, sandboxPage } from './sandbox.page';
import { takenInProviderIds } from './sandbox.repository';

/**
 * The customer's side of a 'Canal de prueba' (issue #12 §7): a page where anyone with its link
 * writes as a customer from a number of their choice and sees the company's replies. Public on
 * purpose (it is the phone of a made-up customer); it exists only for sandbox channels, whose
 * provider is the in-process simulator, and writes only through that channel's signed webhook.
 */
const text = es.channels.sandbox;
const ZKey = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
const ZPlace = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  name: z.string().trim().max(100).optional(),
  address: z.string().trim().max(200).optional(),
});
const ZOption = z.object({
  id: z.string().trim().min(1).max(256),
  // WhatsApp's limits: a button's title 20 characters, a list row's 24, its description 72.
  title: z.string().trim().min(1).max(24),
  description: z.string().trim().max(72).optional(),
});
const ZMessage = z.object({
  /** The provider's message id. */
  id: z.string(),
  from: z.enum(['customer', 'company']),
  text: z.string(),
  at: z.date(),
  /** A file the company sent: a read URL signed for this page (it has no session). */
  media: z
    .object({ kind: z.string(), url: z.string(), fileName: z.string().optional() })
    .optional(),
  /** The customer's own message: one tick (sent), two (on the seller's timeline), blue (read). */
  status: z.enum(['sent', 'delivered', 'read']).optional(),
  /** The button or list row the customer tapped. */
  choice: z
    .object({
      kind: z.enum(['button_reply', 'list_reply', 'button']),
      id: z.string(),
      title: z.string(),
    })
    .optional(),
  /** The place the customer shared, with its map link. */
  location: ZPlace.extend({ mapUrl: z.string() }).optional(),
  /** The buttons or list rows a company's interactive message offered. */
  choices: z
    .object({
      kind: z.enum(['button_reply', 'list_reply', 'button']),
      options: z.array(ZOption),
      replyTo: z.string().optional(),
    })
    .optional(),
});
/**
 * What the customer sends: words (the default), a tapped button or list row, or a place. The
 * text of a `text` message is required; the reply or place of the others.
 */
const ZCustomerPost = z
  .object({
    phone: z.string().max(30),
    name: z.string().trim().max(80).default(''),
    type: z.enum(['text', 'button_reply', 'list_reply', 'button', 'location']).default('text'),
    text: z.string().trim().max(4_096).optional(),
    reply: ZOption.extend({ replyTo: z.string().max(200).optional() }).optional(),
    location: ZPlace.optional(),
  })
  .superRefine((body, context) => {
    const missing =
      body.type === 'text'
        ? !body.text && 'text'
        : body.type === 'location'
          ? !body.location && 'location'
          : !body.reply && 'reply';
    if (missing) context.addIssue({ code: 'custom', path: [missing], message: 'Required' });
  });

async function sandboxOf(deps: AppDeps, key: string) {
  const channel = await findSandboxChannel(deps.db, key);
  if (!channel) throw new DomainError('CHANNEL_NOT_FOUND');
  return channel;
}

/**
 * The customer's number as WhatsApp writes it: `+` and its digits, whatever the phone library
 * thinks of them (a Mexican `521` + ten digits, a Brazilian mobile without its ninth digit):
 * the channel must take in what the provider sends. Only the length is checked (E.164: at most
 * 15 digits).
 */
function phoneOf(raw: string) {
  const digits = raw.replace(/\D/g, '');
  if (!/^\+?[\d\s().-]+$/.test(raw.trim()) || digits.length < 8 || digits.length > 15)
    throw new DomainError('INVALID_REQUEST_BODY', { fields: { phone: [text.invalidPhone] } });
  return `+${digits}`;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function registerSandboxRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/sandbox/whatsapp.js', (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(SANDBOX_SCRIPT),
  );
  app.get('/sandbox/whatsapp.css', (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(SANDBOX_STYLE),
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
    return reply
      .type('text/html; charset=utf-8')
      .send(sandboxPage(channel.name, channel.webhookKey));
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
      const phone = phoneOf(query.phone);
      const delivered = await takenInProviderIds(
        deps.db,
        channel,
        deps.sandbox.customerMessageIds(channel, phone),
      );
      const messages = deps.sandbox.conversation(channel, phone, delivered);
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
      "Writes to a 'Canal de prueba' as a customer (text, a tapped button or list row, a place): the simulator signs it and posts it to the channel's webhook as WhatsApp Cloud does",
    auth: 'public',
    params: ZKey,
    body: ZCustomerPost,
    response: z.object({ ok: z.literal(true) }),
    status: 201,
    handler: async ({ deps, params, body }) => {
      const channel = await sandboxOf(deps, params.key);
      const who = { phone: phoneOf(body.phone), name: body.name };
      if (body.type === 'location') {
        await deps.sandbox.customerWrites(channel, {
          ...who,
          type: 'location',
          location: body.location!,
        });
      } else if (body.type === 'text') {
        await deps.sandbox.customerWrites(channel, { ...who, type: 'text', text: body.text! });
      } else {
        await deps.sandbox.customerWrites(channel, { ...who, type: body.type, reply: body.reply! });
      }
      return { ok: true as const };
    },
  });
}
