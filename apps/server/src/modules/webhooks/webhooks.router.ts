import { z } from 'zod';
import {
  ZWebhookCreateInput,
  ZWebhookDelivery,
  ZWebhookSubscription,
  ZWebhookUpdateInput,
} from '@cartera/domain/webhooks';
import { roleProcedure, router } from '../../trpc/init';
import { auditBy } from '../audit/audit.service';
import {
  createWebhook,
  listWebhooks,
  removeWebhook,
  resendWebhookDelivery,
  sendWebhookTest,
  updateWebhook,
  webhookDeliveries,
} from './webhooks.service';

/**
 * Outbound webhooks (issue #36 item 4), 'Mi Empresa' › 'Seguridad e integraciones': for those
 * who configure the company.
 */
const manageProcedure = roleProcedure('configureCompany');

const ZId = z.object({ id: z.uuid() });

export const webhookRouter = router({
  list: manageProcedure
    .meta({
      description:
        "The company's webhook subscriptions, newest first: URL, event types, state (active or paused), owner, since when its deliveries fail; never the secret.",
    })
    .output(z.array(ZWebhookSubscription))
    .query(({ ctx }) => listWebhooks(ctx.db, ctx.tenantId)),

  create: manageProcedure
    .meta({
      description:
        "Subscribes a URL to event types (message.received, message.status, interaction.created, contact.created, contact.updated, contact.transferred, contact.archived, receipt.status_changed, request_sale.created, request_sale.updated). The caller owns it: only events the caller may see are sent. The URL must pass the outbound guard (OUTBOUND_URL_NOT_ALLOWED for a private address). The answer's `secret` signs every delivery (HMAC-SHA256 of `${x-cartera-timestamp}.${body}` in `x-cartera-signature: v1=<hex>`; packages/client `verifyWebhook`) and is shown once, stored encrypted. Audited.",
      errors: ['OUTBOUND_URL_NOT_ALLOWED'],
    })
    .input(ZWebhookCreateInput)
    .output(ZWebhookSubscription.extend({ secret: z.string() }))
    .mutation(({ ctx, input }) => createWebhook(ctx.db, ctx.user, input, auditBy(ctx))),

  update: manageProcedure
    .meta({
      description:
        'Changes a subscription: its URL (through the outbound guard), its event types, or its state (paused: nothing is sent, deliveries wait; active: they go again). Audited.',
      errors: ['WEBHOOK_SUBSCRIPTION_NOT_FOUND', 'OUTBOUND_URL_NOT_ALLOWED'],
    })
    .input(ZWebhookUpdateInput)
    .output(ZWebhookSubscription)
    .mutation(({ ctx, input }) => updateWebhook(ctx.db, ctx.tenantId, input, auditBy(ctx))),

  remove: manageProcedure
    .meta({
      description: 'Deletes a subscription and its deliveries. Audited.',
      errors: ['WEBHOOK_SUBSCRIPTION_NOT_FOUND'],
    })
    .input(ZId)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => removeWebhook(ctx.db, ctx.tenantId, input.id, auditBy(ctx))),

  deliveries: manageProcedure
    .meta({
      description:
        "A subscription's last 50 deliveries, newest first: the event id and type, the state (pending, delivered, failed), attempts, the receiver's last status code or error, the next attempt.",
      errors: ['WEBHOOK_SUBSCRIPTION_NOT_FOUND'],
    })
    .input(ZId)
    .output(z.array(ZWebhookDelivery))
    .query(({ ctx, input }) => webhookDeliveries(ctx.db, ctx.tenantId, input.id)),

  resend: manageProcedure
    .meta({
      description:
        'Sends a delivery again (same event id): it is due at once and retried for another 24 hours.',
      errors: ['WEBHOOK_SUBSCRIPTION_NOT_FOUND', 'WEBHOOK_DELIVERY_NOT_FOUND'],
    })
    .input(z.object({ subscriptionId: z.uuid(), deliveryId: z.uuid() }))
    .output(ZWebhookDelivery)
    .mutation(({ ctx, input }) => resendWebhookDelivery(ctx.db, ctx.tenantId, input)),

  sendTest: manageProcedure
    .meta({
      description:
        'Queues a `webhook.test` event to the subscription (whatever its types), signed like any other; answers its delivery.',
      errors: ['WEBHOOK_SUBSCRIPTION_NOT_FOUND'],
    })
    .input(ZId)
    .output(ZWebhookDelivery)
    .mutation(({ ctx, input }) => sendWebhookTest(ctx.db, ctx.tenantId, input.id)),
});
