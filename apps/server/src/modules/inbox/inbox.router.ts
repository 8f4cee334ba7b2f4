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
    .meta({
      area: '/contact',
      description:
        "'Conversaciones': the contacts held by the caller, or by the seller `agentId` (of a supervisor's subtree, or any for comercial; else PERMISSION_DENIED), sub-conversations included, most recent interaction first, in pages of 30 after `cursor`; `unattended` marks 24 hours without interaction.",
    })
    .input(ZInboxInput)
    .output(ZInboxPage)
    .query(({ ctx, input }) => conversationsInbox(ctx.db, ctx.user, input)),

  unassigned: tenantProcedure
    .meta({
      area: '/contact/unassigned',
      description:
        "'Inbox' (03 §2.1): the company's contacts nobody holds, for anyone to take over, without those another user has reserved; most recent interaction first, in pages of 30 after `cursor`.",
    })
    .input(z.object({ cursor: z.object({ at: z.date(), id: z.string().uuid() }).nullish() }))
    .output(ZInboxPage)
    .query(({ ctx, input }) => unassignedInbox(ctx.db, ctx.user, input)),

  next: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "'Siguiente contacto' (03 §2.1): the id of the contact after `contactId` in the inbox the caller came from ('Conversaciones' of the caller or of `agentId`, 'Inbox', or the shared inbox `sharedInboxId`), or null at its end; the rules of listing that inbox apply.",
      errors: ['SHARED_INBOX_NOT_FOUND'],
    })
    .input(ZNextInput)
    .output(z.object({ id: z.string().nullable() }))
    .query(({ ctx, input }) => nextInInbox(ctx.db, ctx.user, input)),

  unassignedCount: tenantProcedure
    .meta({
      area: '/contact/unassigned',
      description:
        "The count beside 'Inbox' in the menu: the company's unassigned contacts, without those another user has reserved.",
    })
    .output(z.number())
    .query(({ ctx }) => unassignedCount(ctx.db, ctx.user)),

  reserve: tenantProcedure
    .meta({
      area: '/contact/unassigned',
      description:
        "Reserves an unassigned contact opened from 'Inbox' for the caller for 120 seconds, or renews the caller's reservation (03 §4): meanwhile it leaves the other users' 'Inbox' and their reservation or take-over is refused. A contact that is not unassigned answers CONTACT_NOT_FOUND, one another user holds CONTACT_RESERVED.",
      errors: ['CONTACT_NOT_FOUND', 'CONTACT_RESERVED'],
    })
    .input(ZReservationInput)
    .output(z.object({ reservedUntil: z.date() }))
    .mutation(({ ctx, input }) => reserve(ctx.db, ctx.user, input)),

  release: tenantProcedure
    .meta({
      area: '/contact/unassigned',
      description:
        "Gives the caller's reservation of a contact up (leaving the contact, or at the end of its countdown); idempotent, and nothing happens when the caller holds none.",
    })
    .input(ZReservationInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => release(ctx.db, ctx.user, input)),
});
