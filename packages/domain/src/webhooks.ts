import { z } from 'zod';
import { ZHttpUrl } from './input';
import { webhooksEs } from './i18n/webhooks.es';

/*
 * Outbound webhooks (issue #36 item 4): the event types a company's URL may subscribe to and the
 * inputs the screen and the server share. The body of a delivery and its signature are described
 * in packages/client (`verifyWebhook`) and the reference.
 */

export const WEBHOOK_EVENT_TYPES = [
  'message.received',
  'message.status',
  'interaction.created',
  'contact.created',
  'contact.updated',
  'contact.transferred',
  'contact.archived',
  'receipt.status_changed',
  'request_sale.created',
  'request_sale.updated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The type of the event `webhook.sendTest` sends (to every subscription, whatever its types). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The headers of a delivery: the seconds since 1970 and `v1=<hex HMAC-SHA256>`. */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-cartera-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-cartera-signature';
export const WEBHOOK_EVENT_ID_HEADER = 'x-cartera-event-id';

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export const WEBHOOK_SUBSCRIPTION_STATES = ['active', 'paused'] as const;

const text = webhooksEs;

const ZWebhookUrl = z
  .string({ error: text.urlRequired })
  .trim()
  .min(1, { error: text.urlRequired })
  .max(2000, { error: text.urlTooLong })
  .refine((value) => value === '' || ZHttpUrl.safeParse(value).success, {
    error: text.urlInvalid,
  });

const ZWebhookEventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: text.eventTypeInvalid }), {
    error: text.eventTypesRequired,
  })
  .min(1, { error: text.eventTypesRequired })
  .max(WEBHOOK_EVENT_TYPES.length, { error: text.eventTypesRequired })
  .transform((types) => [...new Set(types)]);

export const ZWebhookCreateInput = z.object({
  url: ZWebhookUrl,
  eventTypes: ZWebhookEventTypes,
});

export const ZWebhookUpdateInput = z.object({
  id: z.uuid(),
  url: ZWebhookUrl.optional(),
  eventTypes: ZWebhookEventTypes.optional(),
  state: z.enum(WEBHOOK_SUBSCRIPTION_STATES).optional(),
});

export const ZWebhookSubscription = z.object({
  id: z.uuid(),
  url: z.string(),
  eventTypes: z.array(z.string()),
  state: z.enum(WEBHOOK_SUBSCRIPTION_STATES),
  createdBy: z.uuid(),
  failingSince: z.date().nullable(),
  createdAt: z.date(),
});
export type WebhookSubscriptionView = z.infer<typeof ZWebhookSubscription>;

export const ZWebhookDelivery = z.object({
  id: z.uuid(),
  eventId: z.string(),
  type: z.string(),
  contactId: z.uuid().nullable(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.date(),
  occurredAt: z.date(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type WebhookDeliveryView = z.infer<typeof ZWebhookDelivery>;
