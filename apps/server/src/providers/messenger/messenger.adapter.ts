import {
  ProviderError,
  type ChannelAdapter,
  type ChannelContext,
  type InboundAd,
  type InboundEvent,
  type MediaKind,
  type OutboundMessage,
} from '../adapter';
import { callProvider, header, jsonOf, metaSignature, sameSecret } from '../provider-http';

/**
 * Facebook Messenger (`fb`) and Instagram Messaging through Facebook Login (`ig`): the same
 * Graph Send API on the same host (META_GRAPH_BASE_URL) with the Page's token, the same webhook
 * shape (`entry[].messaging[]`), told apart by the envelope's `object` (integrations.md §3).
 *
 * Secrets: `pageAccessToken` (sends), `appSecret` (signs webhooks: X-Hub-Signature-256),
 * `verifyToken` (the subscription handshake). Config: `pageId`.
 *
 * Customers are known by a scoped id (PSID on Messenger, IGSID on Instagram), never a phone;
 * webhooks carry no name, so a new contact is named after that id.
 */

const OBJECT_OF: Record<string, string> = { fb: 'page', ig: 'instagram' };

/** Messenger's attachment types for ours (a sticker goes as an image; it has no caption). */
const ATTACHMENT_TYPE: Record<MediaKind, string> = {
  image: 'image',
  sticker: 'image',
  video: 'video',
  audio: 'audio',
  document: 'file',
};

/** The Send API bodies of one outbound message: the file first, then its text if it has one. */
export function messengerBodies(message: OutboundMessage): Array<Record<string, unknown>> {
  const base = {
    recipient: { id: message.to },
    ...(message.humanAgent
      ? { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }
      : { messaging_type: 'RESPONSE' }),
  };
  if (message.media) {
    const bodies: Array<Record<string, unknown>> = [
      {
        ...base,
        message: {
          attachment: {
            type: ATTACHMENT_TYPE[message.media.kind],
            payload: { url: message.media.url, is_reusable: true },
          },
        },
      },
    ];
    // Messenger attachments carry no caption: the text follows as its own message.
    if (message.media.caption) bodies.push({ ...base, message: { text: message.media.caption } });
    return bodies;
  }
  return [{ ...base, message: { text: message.text ?? '' } }];
}

/** Graph codes that mean another try may succeed: rate limits, temporary failures. */
const TRY_AGAIN = new Set([1, 2, 4, 17, 32, 613, 1200]);
/** Graph codes that mean the channel itself is unusable: the token, the Page's permissions. */
const CHANNEL_BROKEN = new Set([102, 190, 230]);
/** Code 10 with this subcode: outside the messaging window (the customer's last message). */
const OUTSIDE_WINDOW = 2018278;

/**
 * A Graph error envelope as a ProviderError:
 * - 1, 2, 4, 17, 32, 613, 1200 (unknown/temporary, rate limits) are tried again;
 * - 10 / 2018278 (outside the 24-hour window) is SEND_MESSAGE_ERROR with Meta's message;
 * - 190, 102 (the token), 230 (pages_messaging), 200–299 and any other 10 (permissions), and
 *   a 401/403 without a code, are CHANNEL_ERROR: the channel is set disconnected;
 * - anything else (100 / 2018001 'No matching user found', 551 'This person isn't available')
 *   is SEND_MESSAGE_ERROR for this message only.
 */
export function graphRefusal(status: number, body: Record<string, unknown>): ProviderError {
  const error = (body.error ?? {}) as { code?: number; error_subcode?: number; message?: string };
  const code = Number(error.code ?? NaN);
  const message = error.message ?? `HTTP ${status}`;
  const providerCode = Number.isNaN(code)
    ? String(status)
    : error.error_subcode
      ? `${code}/${error.error_subcode}`
      : String(code);
  if (TRY_AGAIN.has(code))
    return new ProviderError('SEND_MESSAGE_ERROR', true, providerCode, message);
  if (code === 10 && error.error_subcode === OUTSIDE_WINDOW) {
    return new ProviderError('SEND_MESSAGE_ERROR', false, providerCode, message);
  }
  const broken =
    CHANNEL_BROKEN.has(code) ||
    code === 10 ||
    (code >= 200 && code <= 299) ||
    (Number.isNaN(code) && (status === 401 || status === 403));
  return new ProviderError(
    broken ? 'CHANNEL_ERROR' : 'SEND_MESSAGE_ERROR',
    false,
    providerCode,
    message,
  );
}

interface MessagingItem {
  sender?: { id?: string };
  recipient?: { id?: string };
  timestamp?: number;
  message?: {
    mid?: string;
    text?: string;
    is_echo?: boolean;
    is_unsupported?: boolean;
    quick_reply?: { payload?: string };
    reply_to?: { mid?: string; story?: { url?: string; id?: string } };
    attachments?: Array<{ type?: string; title?: string; payload?: AttachmentPayload | null }>;
    referral?: Referral;
  };
  postback?: { mid?: string; title?: string; payload?: string; referral?: Referral };
  referral?: Referral;
  reaction?: { mid?: string; action?: string; emoji?: string; reaction?: string };
  delivery?: { mids?: string[]; watermark?: number };
  read?: { watermark?: number; mid?: string };
}

interface AttachmentPayload {
  url?: string;
  title?: string;
  sticker_id?: number;
  coordinates?: { lat?: number; long?: number };
  template_type?: string;
}

/** Messenger's `referral` (ads, m.me links): an ad's `ads_context_data` names it. */
interface Referral {
  ref?: string;
  source?: string;
  type?: string;
  ad_id?: string;
  ads_context_data?: { ad_title?: string; photo_url?: string; video_url?: string };
}

function adOf(referral: Referral | undefined): InboundAd | undefined {
  if (!referral || (referral.source !== 'ADS' && !referral.ad_id)) return undefined;
  const context = referral.ads_context_data ?? {};
  return {
    ...(context.ad_title ? { title: context.ad_title } : {}),
    ...(context.photo_url ? { thumbnailUrl: context.photo_url } : {}),
    ...(referral.ad_id && !context.ad_title ? { title: referral.ad_id } : {}),
    showAttribution: true,
  };
}

type MessageEvent = Extract<InboundEvent, { kind: 'message' }>;

/**
 * An attachment that is not a file (issue #31): a story mention, a location, a shared post or
 * reel, a link; a template or anything else keeps its type name for a Spanish notice.
 */
function readAttachment(
  attachment: { type?: string; title?: string; payload?: AttachmentPayload | null },
  event: MessageEvent,
) {
  const type = attachment.type ?? 'unknown';
  const payload = attachment.payload ?? {};
  if (type === 'story_mention') {
    event.story = { kind: 'mention', ...(payload.url ? { url: payload.url } : {}) };
    event.text ??= '';
    return;
  }
  if (type === 'location' && payload.coordinates) {
    const latitude = Number(payload.coordinates.lat);
    const longitude = Number(payload.coordinates.long);
    if (Number.isFinite(latitude) && Number.isFinite(longitude)) {
      const name = attachment.title ?? payload.title;
      event.location = { latitude, longitude, ...(name ? { name } : {}) };
      event.text ??= '';
      return;
    }
  }
  if (['share', 'fallback', 'ig_reel', 'reel', 'ig_post'].includes(type) && payload.url) {
    const title = payload.title ?? attachment.title;
    if (!event.text) event.text = title ? `${title}\n${payload.url}` : payload.url;
    return;
  }
  if (!event.text) {
    event.unsupported = type === 'template' && payload.template_type ? payload.template_type : type;
    event.text = '';
  }
}

const INBOUND_KIND: Record<string, MediaKind> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  file: 'document',
};

function at(milliseconds: number | undefined) {
  return typeof milliseconds === 'number' && milliseconds > 0 ? new Date(milliseconds) : new Date();
}

/**
 * The events of a Messenger or Instagram webhook for a channel of `type`: an envelope of the
 * other platform, or an entry of another Page (Messenger), is left out. A message with several
 * files makes one event per file (the second and later with `#n` after the message id); echoes
 * of the Page's own sends are skipped.
 */
export function parseMessengerEnvelope(
  body: unknown,
  type: string,
  pageId: string | undefined,
): InboundEvent[] {
  const events: InboundEvent[] = [];
  const envelope = body as { object?: string; entry?: unknown[] } | null;
  if (!envelope || envelope.object !== OBJECT_OF[type] || !Array.isArray(envelope.entry)) {
    return events;
  }
  for (const entry of envelope.entry as Array<{ id?: string; messaging?: MessagingItem[] }>) {
    if (type === 'fb' && pageId && entry.id !== undefined && String(entry.id) !== pageId) continue;
    for (const [index, item] of (entry.messaging ?? []).entries()) {
      const sender = item.sender?.id ? String(item.sender.id) : undefined;
      if (!sender) {
        // Kept as a dead letter of the webhook, never dropped in silence (issue #31).
        events.push({
          kind: 'unreadable',
          reason: 'MESSAGE_WITHOUT_SENDER',
          detail: `messaging[${index}]${item.message?.mid ? ` ${item.message.mid}` : ''}`,
        });
        continue;
      }
      const when = at(item.timestamp);
      if (item.message) {
        const message = item.message;
        if (message.is_echo) continue;
        if (!message.mid) {
          events.push({
            kind: 'unreadable',
            reason: 'MESSAGE_WITHOUT_ID',
            detail: `messaging[${index}] from ${sender}`,
          });
          continue;
        }
        const base = { kind: 'message' as const, from: { scopedId: sender }, at: when };
        const own: MessageEvent[] = [{ ...base, providerMessageId: message.mid }];
        const first = own[0]!;
        if (message.text !== undefined) first.text = message.text;
        if (message.quick_reply?.payload) {
          first.choice = {
            kind: 'quick_reply',
            title: message.text ?? message.quick_reply.payload,
            id: message.quick_reply.payload,
          };
          first.text ??= message.quick_reply.payload;
        }
        if (message.reply_to?.mid) first.replyTo = message.reply_to.mid;
        if (message.reply_to?.story) {
          const story = message.reply_to.story;
          first.story = {
            kind: 'reply',
            ...(story.url ? { url: story.url } : {}),
            ...(story.id ? { id: story.id } : {}),
          };
        }
        const ad = adOf(message.referral ?? item.referral);
        if (ad) first.ad = ad;
        (message.attachments ?? []).forEach((attachment, index) => {
          if (index > 0) own.push({ ...base, providerMessageId: `${message.mid}#${index}` });
          const event = own[index]!;
          const kind = INBOUND_KIND[attachment.type ?? ''];
          const url = attachment.payload?.url;
          if (kind && url) {
            event.media = {
              kind: kind === 'image' && attachment.payload?.sticker_id ? 'sticker' : kind,
              url,
            };
          } else readAttachment(attachment, event);
        });
        if (message.is_unsupported && first.text === undefined && !first.media) {
          first.unsupported = 'unsupported';
          first.text = '';
        }
        events.push(...own);
      } else if (item.postback) {
        // A button the customer tapped (Get Started, a persistent menu item, a template's button).
        const postback = item.postback;
        const title = postback.title ?? postback.payload ?? '';
        const ad = adOf(postback.referral);
        events.push({
          kind: 'message',
          providerMessageId:
            postback.mid ?? `postback:${sender}:${item.timestamp ?? when.getTime()}`,
          from: { scopedId: sender },
          at: when,
          text: title,
          choice: {
            kind: 'postback',
            title,
            ...(postback.payload ? { id: postback.payload } : {}),
          },
          ...(ad ? { ad } : {}),
        });
      } else if (item.reaction?.mid) {
        const reaction = item.reaction;
        events.push({
          kind: 'message',
          providerMessageId: `reaction:${reaction.mid}:${sender}:${item.timestamp ?? when.getTime()}`,
          from: { scopedId: sender },
          at: when,
          reaction: true,
          replyTo: reaction.mid,
          // 'unreact' takes the reaction back: an empty emoji (03 §3).
          text: reaction.action === 'unreact' ? '' : (reaction.emoji ?? reaction.reaction ?? ''),
        });
      } else if (item.referral) {
        // An ad or m.me link opened in a thread that already existed: no message, only where from.
        const ad = adOf(item.referral);
        if (ad) {
          events.push({
            kind: 'message',
            providerMessageId: `referral:${sender}:${item.timestamp ?? when.getTime()}`,
            from: { scopedId: sender },
            at: when,
            text: '',
            ad,
          });
        }
      }
      if (item.delivery) {
        const mids = item.delivery.mids ?? [];
        for (const mid of mids) {
          events.push({ kind: 'status', providerMessageId: mid, status: 'delivered', at: when });
        }
        if (!mids.length && item.delivery.watermark) {
          events.push({
            kind: 'watermark',
            recipient: { scopedId: sender },
            status: 'delivered',
            upTo: new Date(item.delivery.watermark),
          });
        }
      }
      if (item.read) {
        // Instagram's messaging_seen names the message; Messenger's message_reads a watermark.
        if (item.read.mid) {
          events.push({
            kind: 'status',
            providerMessageId: item.read.mid,
            status: 'read',
            at: when,
          });
        } else if (item.read.watermark) {
          events.push({
            kind: 'watermark',
            recipient: { scopedId: sender },
            status: 'read',
            upTo: new Date(item.read.watermark),
          });
        }
      }
    }
  }
  return events;
}

/** POSTs one Send API body for the channel's Page; answers Graph's JSON. */
async function postToPage(context: ChannelContext, body: Record<string, unknown>) {
  const pageId = encodeURIComponent(context.channel.config.pageId ?? '');
  const response = await callProvider(
    `${context.urls.metaGraph}/${pageId}/messages`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${context.secrets.pageAccessToken ?? ''}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    },
    'SEND_MESSAGE_ERROR',
  );
  const answer = jsonOf(response);
  if (!response.ok) throw graphRefusal(response.status, answer);
  return answer;
}

async function sendOne(context: ChannelContext, body: Record<string, unknown>) {
  const answer = await postToPage(context, body);
  const id = typeof answer.message_id === 'string' ? answer.message_id : undefined;
  if (!id) {
    throw new ProviderError('SEND_MESSAGE_ERROR', true, undefined, 'answer without a message id');
  }
  return id;
}

export const messengerAdapter: ChannelAdapter = {
  verifyWebhook({ secrets }, request) {
    if (!secrets.appSecret) return false;
    return sameSecret(
      header(request.headers, 'x-hub-signature-256'),
      metaSignature(secrets.appSecret, request.rawBody),
    );
  },

  answerHandshake({ secrets }, query) {
    if (query['hub.mode'] !== 'subscribe') return null;
    if (!sameSecret(query['hub.verify_token'], secrets.verifyToken)) return null;
    return query['hub.challenge'] ?? null;
  },

  parseWebhook({ channel }, request) {
    return parseMessengerEnvelope(
      JSON.parse(request.rawBody.toString('utf8')),
      channel.type,
      channel.config.pageId,
    );
  },

  async send(context, message) {
    if (message.template) {
      throw new ProviderError(
        'SEND_MESSAGE_ERROR',
        false,
        undefined,
        'Messenger and Instagram have no message templates',
      );
    }
    const [first, ...rest] = messengerBodies(message);
    const providerMessageId = await sendOne(context, first!);
    for (const body of rest) {
      try {
        await sendOne(context, body);
      } catch (error) {
        // The file went out: trying again would send it twice. The seller sees the text failed.
        if (!(error instanceof ProviderError)) throw error;
        throw new ProviderError(
          error.code,
          false,
          error.providerCode,
          `the file was sent, its text was not: ${error.message}`,
        );
      }
    }
    return { providerMessageId };
  },

  async markRead(context, read) {
    await postToPage(context, { recipient: { id: read.to }, sender_action: 'mark_seen' });
  },

  /**
   * The customer's name (User Profile API, Page token): Messenger's first and last name,
   * Instagram's name or else its @username.
   */
  async fetchProfile(context, scopedId) {
    const fields = context.channel.type === 'ig' ? 'name,username' : 'first_name,last_name';
    const response = await callProvider(
      `${context.urls.metaGraph}/${encodeURIComponent(scopedId)}?fields=${fields}`,
      {
        headers: { authorization: `Bearer ${context.secrets.pageAccessToken ?? ''}` },
        timeoutMs: 5_000,
      },
      'CHANNEL_ERROR',
    );
    const body = jsonOf(response) as {
      first_name?: unknown;
      last_name?: unknown;
      name?: unknown;
      username?: unknown;
    };
    if (!response.ok) throw graphRefusal(response.status, body);
    const words = (...values: unknown[]) =>
      values
        .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
        .join(' ')
        .trim();
    const name =
      words(body.first_name, body.last_name) ||
      words(body.name) ||
      (typeof body.username === 'string' && body.username ? `@${body.username}` : '');
    return name ? { name } : {};
  },

  /** A customer's attachment: its URL on Meta's CDN is signed and public (no token is sent). */
  async downloadMedia(_context, media) {
    if (!media.url) throw new ProviderError('SEND_MESSAGE_ERROR', false, undefined, 'no media url');
    const file = await callProvider(
      media.url,
      { maxBytes: 25 * 1024 * 1024, timeoutMs: 60_000 },
      'SEND_MESSAGE_ERROR',
    );
    if (!file.ok) {
      throw new ProviderError(
        'SEND_MESSAGE_ERROR',
        false,
        String(file.status),
        `the attachment answered HTTP ${file.status}`,
      );
    }
    return {
      bytes: file.bytes,
      mimeType:
        header(file.headers, 'content-type') ?? media.mimeType ?? 'application/octet-stream',
    };
  },
};
