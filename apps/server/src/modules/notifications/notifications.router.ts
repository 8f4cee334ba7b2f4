import { z } from 'zod';
import {
  ZShipmentAudience,
  ZShipmentTemplateValues,
  ZShipmentValues,
} from '@cartera/domain/notifications';
import { ZIdInput } from '@cartera/domain/ids';
import { roleProcedure, router, tenantProcedure } from '../../trpc/init';
import { auditBy } from '../audit/audit.service';
import {
  getNotification,
  listNotifications,
  notificationPage,
  trackNotification,
  unreadCount,
  ZNotification,
  ZNotificationListInput,
  ZNotificationPage,
  ZNotificationPageInput,
  ZTrackInput,
} from './notifications.service';
import {
  createShipment,
  getShipment,
  listShipments,
  previewAudience,
  sendShipment,
  shipmentStatistics,
  shipmentUsers,
  updateShipment,
  ZSendShipmentInput,
  ZShipment,
  ZShipmentsInput,
  ZShipmentsPage,
  ZShipmentStatistics,
  ZShipmentUser,
  ZShipmentUsersInput,
} from './shipments.service';
import {
  listTemplates,
  removeTemplate,
  saveTemplate,
  ZTemplate,
} from './shipment-templates.service';

/*
 * In-app notifications (issue #41). A user's own notifications are the frame's (the banner, the
 * bottom-right notice and the user menu's count show on every screen): no area. Shipments are
 * the platform admins' ('Administración' › 'Notificaciones', area /grupos, capability
 * `administer`; docs/decisions.md 'Notification shipments').
 */

const own = () => tenantProcedure;
const admin = () => roleProcedure('administer').meta({ area: '/grupos' });
const CREATE_ERRORS = ['NOTIFICATION_CREATE_ERROR', 'FILE_NOT_UPLOADED'] as const;

export const notificationsRouter = router({
  list: own()
    .meta({
      description:
        "The caller's notifications, newest first: 50 unless `limit` asks for fewer (01 §9), older than `before` for the next part. The frame shows the newest banner and the newest bottom-right notice not yet closed.",
    })
    .input(ZNotificationListInput)
    .output(z.array(ZNotification))
    .query(({ ctx, input }) => listNotifications(ctx.db, ctx.user, input)),

  page: own()
    .meta({
      description:
        "A page of /all-notifications (10 a page, 01 §9), newest first, with the caller's total and not-yet-viewed counts.",
    })
    .input(ZNotificationPageInput)
    .output(ZNotificationPage)
    .query(({ ctx, input }) => notificationPage(ctx.db, ctx.user, input)),

  get: own()
    .meta({
      description: "One of the caller's notifications (/notifications/{id}).",
      errors: ['NOTIFICATION_NOT_FOUND'],
    })
    .input(ZIdInput)
    .output(ZNotification)
    .query(({ ctx, input }) => getNotification(ctx.db, ctx.user, input.id)),

  unreadCount: own()
    .meta({ description: "The caller's notifications not viewed yet (the user menu's count)." })
    .output(z.object({ count: z.number().int() }))
    .query(({ ctx }) => unreadCount(ctx.db, ctx.user)),

  track: own()
    .meta({
      description:
        "Records what the caller did with a notification (01 §4): 'viewed' when shown, 'opened' by its action button, 'closed'; each kept the first time, opening or closing views it too.",
      errors: ['NOTIFICATION_NOT_FOUND'],
    })
    .input(ZTrackInput)
    .output(ZNotification)
    .mutation(({ ctx, input }) => trackNotification(ctx.db, ctx.user, input)),

  shipments: admin()
    .meta({ description: "A page of the shipments of the admins' company, newest first." })
    .input(ZShipmentsInput)
    .output(ZShipmentsPage)
    .query(({ ctx, input }) => listShipments(ctx.db, ctx.user, input)),

  shipment: admin()
    .meta({
      description: 'One shipment with its audience.',
      errors: ['NOTIFICATION_SHIPMENT_NOT_FOUND'],
    })
    .input(ZIdInput)
    .output(ZShipment)
    .query(({ ctx, input }) => getShipment(ctx.db, ctx.user, input.id)),

  createShipment: admin()
    .meta({
      description:
        "Writes a shipment (01 §3 Notification form): title, description, image (an upload of via 'notification'), type article or video, an https redirect URL, popup (a bottom-right notice; else a banner) and its audience: companies and groups (with subgroups), narrowed to roles, plus up to 20 users. Sent with `sendShipment`.",
      errors: [...CREATE_ERRORS],
    })
    .input(ZShipmentValues)
    .output(ZShipment)
    .mutation(({ ctx, input }) => createShipment(ctx.deps, ctx.user, input, auditBy(ctx))),

  updateShipment: admin()
    .meta({
      description: 'Changes a shipment not sent yet (the fields of `createShipment`).',
      errors: [...CREATE_ERRORS, 'NOTIFICATION_SHIPMENT_NOT_FOUND', 'NOTIFICATION_SHIPMENT_SENT'],
    })
    .input(z.object({ id: z.uuid(), values: ZShipmentValues }))
    .output(ZShipment)
    .mutation(({ ctx, input }) => updateShipment(ctx.deps, ctx.user, input, auditBy(ctx))),

  previewAudience: admin()
    .meta({ description: 'How many active users an audience reaches now (before sending).' })
    .input(ZShipmentAudience)
    .output(z.object({ count: z.number().int() }))
    .query(({ ctx, input }) => previewAudience(ctx.db, input)),

  shipmentUsers: admin()
    .meta({
      description:
        "Active users of any company whose name, last name or e-mail contains `search`, 20 at most (01 §9), to name in a shipment's audience; with `ids`, those users (the names of the ones a shipment names).",
    })
    .input(ZShipmentUsersInput)
    .output(z.array(ZShipmentUser))
    .query(({ ctx, input }) => shipmentUsers(ctx.db, input)),

  sendShipment: admin()
    .meta({
      description:
        'Sends a shipment now, or at `at` (a later moment): a job delivers one notification to each active user of its audience, in batches, announced live (`notification.delivered`).',
      errors: [
        'NOTIFICATION_SHIPMENT_NOT_FOUND',
        'NOTIFICATION_SHIPMENT_SENT',
        'NOTIFICATION_AUDIENCE_EMPTY',
        'NOTIFICATION_SCHEDULE_INVALID',
      ],
    })
    .input(ZSendShipmentInput)
    .output(ZShipment)
    .mutation(({ ctx, input }) => sendShipment(ctx.deps, ctx.user, input, auditBy(ctx))),

  statistics: admin()
    .meta({
      description:
        "A shipment's figures (01 §7 'statistics'): its audience now and the notifications delivered, viewed, opened and closed, in all, by company and by role (a user counts for each role held).",
      errors: ['NOTIFICATION_SHIPMENT_NOT_FOUND'],
    })
    .input(ZIdInput)
    .output(ZShipmentStatistics)
    .query(({ ctx, input }) => shipmentStatistics(ctx.db, ctx.user, input.id)),

  templates: admin()
    .meta({ description: "The shipment templates of the admins' company, by name." })
    .output(z.array(ZTemplate))
    .query(({ ctx }) => listTemplates(ctx.db, ctx.user)),

  saveTemplate: admin()
    .meta({
      description:
        'Creates a template (without `id`) or changes one: a name and the content of a shipment.',
      errors: [...CREATE_ERRORS, 'NOTIFICATION_TEMPLATE_NOT_FOUND'],
    })
    .input(z.object({ id: z.uuid().optional(), values: ZShipmentTemplateValues }))
    .output(ZTemplate)
    .mutation(({ ctx, input }) => saveTemplate(ctx.deps, ctx.user, input, auditBy(ctx))),

  removeTemplate: admin()
    .meta({ description: 'Deletes a template.', errors: ['NOTIFICATION_TEMPLATE_NOT_FOUND'] })
    .input(ZIdInput)
    .output(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => removeTemplate(ctx.db, ctx.user, input.id, auditBy(ctx))),
});
