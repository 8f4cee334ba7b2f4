import type { FastifyInstance } from 'fastify';
import { ZClientItemId } from '@cartera/domain/interactions';
import { z } from 'zod';
import { ZInputDate } from '@cartera/domain/input';
import { newId } from '@cartera/domain/ids';
import { REMINDER_ACTIONS } from '@cartera/domain/conversation';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { setReminder } from './conversation.service';

/** The reminder call of 01 §7 for API clients, over the same service as the screen. */
export function registerInteractionsRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'POST',
    url: '/api/crm/contact/reminder',
    tags: ['conversation'],
    summary: 'Set the reminder of a contact (body via, data)',
    auth: 'session',
    access: { procedure: 'interaction.setReminder', area: '/contact' },
    body: z.object({
      via: z.string().max(40).default('api'),
      data: z.object({
        contactId: z.string().uuid(),
        /** Optional client id of the reminder item, for retries. */
        id: ZClientItemId.optional(),
        reminderDate: ZInputDate,
        actionType: z.enum(REMINDER_ACTIONS).default('other'),
        comment: z.string().max(2500).default(''),
        isPermanent: z.boolean().default(false),
      }),
    }),
    response: z.object({ id: z.string() }),
    status: 201,
    handler: ({ body, session }) =>
      setReminder(deps, session.user, {
        ...body.data,
        id: body.data.id ?? newId(),
        dateSelectedFrom: 'manual',
      }),
  });
}
