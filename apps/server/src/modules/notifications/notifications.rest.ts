import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  NOTIFICATION_ACTIONS,
  ZShipmentTemplateValues,
  ZShipmentValues,
} from '@cartera/domain/notifications';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { auditByRequest } from '../audit/audit.service';
import {
  getNotification,
  listNotifications,
  notificationPage,
  trackNotification,
  ZNotification,
  ZNotificationListInput,
  ZNotificationPage,
  ZNotificationPageInput,
} from './notifications.service';
import {
  createShipment,
  getShipment,
  listShipments,
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
} from './shipments.service';
import {
  listTemplates,
  removeTemplate,
  saveTemplate,
  ZTemplate,
} from './shipment-templates.service';

/**
 * The legacy notification paths of 01 §7 'Notifications' (/notification, /notification/user,
 * /notification/admin/shipment: users, send, statistics, templates); the same services as the
 * `notification` router, whose procedures' access each route mirrors.
 */
export function registerNotificationsRoutes(app: FastifyInstance, deps: AppDeps) {
  const tags = ['notification'];
  const ZIdParams = z.object({ id: z.uuid() });
  /** 01 §7: 'a web platform marker is sent when fetching notifications' (read, not used). */
  const platform = { platform: z.string().max(20).optional() };
  const number = z.coerce.number().int();
  const SHIPMENT = '/api/notification/admin/shipment';

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/notification',
    tags,
    summary:
      "The caller's notifications, newest first: `limit` (50 by default), older than `before`",
    auth: 'session',
    access: { procedure: 'notification.list' },
    querystring: z.object({
      ...platform,
      limit: number.min(1).max(50).optional(),
      before: z.uuid().optional(),
    }),
    response: z.array(ZNotification),
    handler: ({ session, query }) =>
      listNotifications(deps.db, session.user, ZNotificationListInput.parse(query)),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/notification/user',
    tags,
    summary:
      "A page of the caller's notifications (`page` from 1, `size` 10 by default) with totals",
    auth: 'session',
    access: { procedure: 'notification.page' },
    querystring: z.object({
      ...platform,
      page: number.min(1).max(10_000).optional(),
      size: number.min(1).max(50).optional(),
    }),
    response: ZNotificationPage,
    handler: ({ session, query }) =>
      notificationPage(deps.db, session.user, ZNotificationPageInput.parse(query)),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/notification/:id',
    tags,
    summary: "One of the caller's notifications",
    auth: 'session',
    access: { procedure: 'notification.get' },
    params: ZIdParams,
    response: ZNotification,
    handler: ({ session, params }) => getNotification(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'PUT',
    url: '/api/notification/:id',
    tags,
    summary: 'Tracks what the caller did with a notification: `action` viewed, opened or closed',
    auth: 'session',
    access: { procedure: 'notification.track' },
    params: ZIdParams,
    body: z.object({ action: z.enum(NOTIFICATION_ACTIONS) }),
    response: ZNotification,
    handler: ({ session, params, body }) =>
      trackNotification(deps.db, session.user, { id: params.id, action: body.action }),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: SHIPMENT,
    tags,
    summary: "A page of the admins' shipments, newest first (platform admins)",
    auth: 'session',
    access: { procedure: 'notification.shipments' },
    querystring: z.object({
      page: number.min(1).max(10_000).optional(),
      size: number.min(1).max(50).optional(),
    }),
    response: ZShipmentsPage,
    handler: ({ session, query }) =>
      listShipments(deps.db, session.user, ZShipmentsInput.parse(query)),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: SHIPMENT,
    tags,
    summary:
      'Creates a shipment: title, description, image, type, redirectURL, popup and its audience (platform admins)',
    auth: 'session',
    access: { procedure: 'notification.createShipment' },
    body: ZShipmentValues,
    response: ZShipment,
    status: 201,
    handler: ({ session, body, request }) =>
      createShipment(deps, session.user, body, auditByRequest(session, request)),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: `${SHIPMENT}/users`,
    tags,
    summary: 'Users of any company matching `search` to name in an audience, 20 at most',
    auth: 'session',
    access: { procedure: 'notification.shipmentUsers' },
    querystring: z.object({ search: z.string().trim().max(100).optional() }),
    response: z.array(ZShipmentUser),
    handler: ({ query }) => shipmentUsers(deps.db, { search: query.search }),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: `${SHIPMENT}/templates`,
    tags,
    summary: "The admins' shipment templates, by name",
    auth: 'session',
    access: { procedure: 'notification.templates' },
    response: z.array(ZTemplate),
    handler: ({ session }) => listTemplates(deps.db, session.user),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: `${SHIPMENT}/templates`,
    tags,
    summary: 'Creates a shipment template',
    auth: 'session',
    access: { procedure: 'notification.saveTemplate' },
    body: ZShipmentTemplateValues,
    response: ZTemplate,
    status: 201,
    handler: ({ session, body, request }) =>
      saveTemplate(deps, session.user, { values: body }, auditByRequest(session, request)),
  });

  restRoute(app, deps, {
    method: 'PUT',
    url: `${SHIPMENT}/templates/:id`,
    tags,
    summary: 'Changes a shipment template',
    auth: 'session',
    access: { procedure: 'notification.saveTemplate' },
    params: ZIdParams,
    body: ZShipmentTemplateValues,
    response: ZTemplate,
    handler: ({ session, params, body, request }) =>
      saveTemplate(
        deps,
        session.user,
        { id: params.id, values: body },
        auditByRequest(session, request),
      ),
  });

  restRoute(app, deps, {
    method: 'DELETE',
    url: `${SHIPMENT}/templates/:id`,
    tags,
    summary: 'Deletes a shipment template',
    auth: 'session',
    access: { procedure: 'notification.removeTemplate' },
    params: ZIdParams,
    response: z.object({ id: z.uuid() }),
    handler: ({ session, params, request }) =>
      removeTemplate(deps.db, session.user, params.id, auditByRequest(session, request)),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: `${SHIPMENT}/:id`,
    tags,
    summary: 'One shipment with its audience',
    auth: 'session',
    access: { procedure: 'notification.shipment' },
    params: ZIdParams,
    response: ZShipment,
    handler: ({ session, params }) => getShipment(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'PUT',
    url: `${SHIPMENT}/:id`,
    tags,
    summary: 'Changes a shipment not sent yet',
    auth: 'session',
    access: { procedure: 'notification.updateShipment' },
    params: ZIdParams,
    body: ZShipmentValues,
    response: ZShipment,
    handler: ({ session, params, body, request }) =>
      updateShipment(
        deps,
        session.user,
        { id: params.id, values: body },
        auditByRequest(session, request),
      ),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: `${SHIPMENT}/:id/send`,
    tags,
    summary: 'Sends a shipment now, or at `at` (a later moment), through the delivery job',
    auth: 'session',
    access: { procedure: 'notification.sendShipment' },
    params: ZIdParams,
    body: ZSendShipmentInput.omit({ id: true }),
    response: ZShipment,
    handler: ({ session, params, body, request }) =>
      sendShipment(
        deps,
        session.user,
        { id: params.id, ...body },
        auditByRequest(session, request),
      ),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: `${SHIPMENT}/:id/statistics`,
    tags,
    summary: "A shipment's delivered, viewed, opened and closed, in all, by company and by role",
    auth: 'session',
    access: { procedure: 'notification.statistics' },
    params: ZIdParams,
    response: ZShipmentStatistics,
    handler: ({ session, params }) => shipmentStatistics(deps.db, session.user, params.id),
  });
}
