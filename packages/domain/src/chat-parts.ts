import { z } from 'zod';
import { es, format } from './i18n/es';

/**
 * What a customer sent beyond text and files (issue #31): the button or list row tapped, a
 * place, an order, a provider's notice in the chat, an Instagram story, a type with no reading
 * here. Stored beside the text in a channel message's `message` object; `inboundReading` is the
 * Spanish line the timeline, the inbox preview and search read for it.
 */

const ZChoice = z.looseObject({
  kind: z.string(),
  title: z.string(),
  id: z.string().nullish(),
  description: z.string().nullish(),
});

const ZLocation = z.looseObject({
  latitude: z.number(),
  longitude: z.number(),
  name: z.string().nullish(),
  address: z.string().nullish(),
  url: z.string().nullish(),
});

const ZOrder = z.looseObject({
  catalogId: z.string().nullish(),
  note: z.string().nullish(),
  items: z.array(
    z.looseObject({
      productId: z.string(),
      quantity: z.number(),
      price: z.number().nullish(),
      currency: z.string().nullish(),
    }),
  ),
});

const ZSystem = z.looseObject({
  kind: z.string(),
  newPhone: z.string().nullish(),
  body: z.string().nullish(),
});

const ZStory = z.looseObject({
  kind: z.enum(['mention', 'reply']),
  url: z.string().nullish(),
  id: z.string().nullish(),
});

const ZProduct = z.looseObject({ productId: z.string(), catalogId: z.string().nullish() });

const ZParts = z.looseObject({
  choice: ZChoice.nullish().catch(null),
  location: ZLocation.nullish().catch(null),
  order: ZOrder.nullish().catch(null),
  system: ZSystem.nullish().catch(null),
  story: ZStory.nullish().catch(null),
  unsupported: z.string().nullish().catch(null),
  product: ZProduct.nullish().catch(null),
});

export type ChatChoice = z.output<typeof ZChoice>;
export type ChatLocation = z.output<typeof ZLocation>;
export type ChatOrder = z.output<typeof ZOrder>;
export type ChatSystemNotice = z.output<typeof ZSystem>;
export type ChatStory = z.output<typeof ZStory>;
export type ChatProduct = z.output<typeof ZProduct>;

/** The parts of a message that are not text or a file; each null when absent. */
export interface ChatParts {
  choice: ChatChoice | null;
  location: ChatLocation | null;
  order: ChatOrder | null;
  system: ChatSystemNotice | null;
  story: ChatStory | null;
  /** The provider's name of a type with no reading here. */
  unsupported: string | null;
  /** The catalogue product a question is about. */
  product: ChatProduct | null;
}

/** The parts a stored `message` object carries (anything malformed is left out). */
export function chatPartsOf(message: unknown): ChatParts {
  const parsed = ZParts.safeParse(message && typeof message === 'object' ? message : {});
  const parts = parsed.success ? parsed.data : {};
  return {
    choice: parts.choice ?? null,
    location: parts.location ?? null,
    order: parts.order ?? null,
    system: parts.system ?? null,
    story: parts.story ?? null,
    unsupported: parts.unsupported ?? null,
    product: parts.product ?? null,
  };
}

/** A map of the place (OpenStreetMap, no key): the provider's own link when it gave one. */
export function mapUrlOf(location: ChatLocation): string {
  if (location.url && /^https:\/\//i.test(location.url)) return location.url;
  const lat = location.latitude.toFixed(6);
  const lon = location.longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/** An amount as the customer's currency writes it (es-419); the number alone without one. */
export function orderAmount(amount: number, currency: string | null | undefined): string {
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      return new Intl.NumberFormat('es-419', { style: 'currency', currency }).format(amount);
    } catch {
      // An unknown code: the number and the code.
    }
  }
  const number = new Intl.NumberFormat('es-419', { maximumFractionDigits: 2 }).format(amount);
  return currency ? `${number} ${currency}` : number;
}

/** The order's total, when every item has a price in one currency. */
export function orderTotal(order: ChatOrder): { amount: number; currency: string | null } | null {
  if (!order.items.length || order.items.some((item) => item.price == null)) return null;
  const currencies = new Set(order.items.map((item) => item.currency ?? null));
  if (currencies.size > 1) return null;
  const amount = order.items.reduce((sum, item) => sum + item.price! * item.quantity, 0);
  return { amount: Math.round(amount * 100) / 100, currency: [...currencies][0] ?? null };
}

const t = () => es.conversation.timeline.chat.parts;

/** The Spanish notice of a type with no reading here, naming it. */
export function unsupportedNotice(type: string): string {
  return format(t().unsupported, { type: t().typeNames[type] ?? type });
}

/** The Spanish line of a provider's notice (WhatsApp `system`). */
export function systemNotice(system: ChatSystemNotice): string {
  if (
    (system.kind === 'customer_changed_number' || system.kind === 'user_changed_number') &&
    system.newPhone
  ) {
    return format(t().changedNumber, { phone: system.newPhone });
  }
  if (system.kind === 'request_welcome') return t().requestWelcome;
  return system.body ? format(t().systemBody, { body: system.body }) : t().system;
}

/** One line per product of an order: '2 × SKU-1 — $ 10,00'. */
export function orderLines(order: ChatOrder): string[] {
  return order.items.map((item) =>
    format(item.price == null ? t().orderItem : t().orderItemPrice, {
      quantity: String(item.quantity),
      product: item.productId,
      price: item.price == null ? '' : orderAmount(item.price, item.currency),
    }),
  );
}

/**
 * The text a message with parts is read as (stored as its `text`): the title tapped, the
 * place, the order, the notice. `text` is what the provider gave (a caption, the order's note).
 */
export function inboundReading(parts: ChatParts, text: string): string {
  if (parts.choice) return parts.choice.title;
  if (parts.location) {
    const place = [parts.location.name, parts.location.address].filter(Boolean).join(', ');
    return [place || t().location, text].filter(Boolean).join('\n');
  }
  if (parts.order) {
    const total = orderTotal(parts.order);
    return [
      format(t().orderTitle, { n: String(parts.order.items.length) }),
      ...orderLines(parts.order),
      ...(total
        ? [format(t().orderTotal, { total: orderAmount(total.amount, total.currency) })]
        : []),
      ...(text ? [text] : []),
    ].join('\n');
  }
  if (parts.system) return systemNotice(parts.system);
  if (parts.unsupported) return unsupportedNotice(parts.unsupported);
  if (parts.story) {
    const line = parts.story.kind === 'mention' ? t().storyMention : t().storyReply;
    return text ? `${line}\n${text}` : line;
  }
  if (parts.product) {
    const line = format(t().productInquiry, { product: parts.product.productId });
    return text ? `${line}\n${text}` : line;
  }
  return text;
}
