import { z } from 'zod';
import { router, tenantProcedure } from '../../trpc/init';
import {
  conversationsInbox,
  nextInInbox,
  release,
  reserve,
  unassignedCount,
  unassignedInbox,
  ZInboxInput,
  ZInboxPage,
  ZNextInput,
  ZReservationInput,
} from './inbox.service';

export const inboxRouter = router({
  conversations: tenantProcedure
    .meta({ area: '/contact' })
    .input(ZInboxInput)
    .output(ZInboxPage)
    .query(({ ctx, input }) => conversationsInbox(ctx.db, ctx.user, input)),

  unassigned: tenantProcedure
    .meta({ area: '/contact/unassigned' })
    .input(z.object({ cursor: z.object({ at: z.date(), id: z.string().uuid() }).nullish() }))
    .output(ZInboxPage)
    .query(({ ctx, input }) => unassignedInbox(ctx.db, ctx.user, input)),

  /** 'Siguiente contacto' on the conversation: the contact after this one in its inbox. */
  next: tenantProcedure
    .meta({ area: '/contact' })
    .input(ZNextInput)
    .output(z.object({ id: z.string().nullable() }))
    .query(({ ctx, input }) => nextInInbox(ctx.db, ctx.user, input)),

  /** The count beside 'Inbox' in the menu. */
  unassignedCount: tenantProcedure
    .meta({ area: '/contact/unassigned' })
    .output(z.number())
    .query(({ ctx }) => unassignedCount(ctx.db, ctx.user)),

  /** Opening an unassigned contact from 'Inbox' reserves it (03 §4); again to renew. */
  reserve: tenantProcedure
    .meta({ area: '/contact/unassigned' })
    .input(ZReservationInput)
    .output(z.object({ reservedUntil: z.date() }))
    .mutation(({ ctx, input }) => reserve(ctx.db, ctx.user, input)),

  /** Gives the reservation up (leaving the contact, or at the end of its countdown). */
  release: tenantProcedure
    .meta({ area: '/contact/unassigned' })
    .input(ZReservationInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => release(ctx.db, ctx.user, input)),
});
