import { z } from 'zod';
import { ZReminderInput } from '@cartera/domain/conversation';
import { router, tenantProcedure } from '../../trpc/init';
import {
  archiveContact,
  archivingReasonsFor,
  cancelReminder,
  changeTag,
  setReminder,
  unarchiveContact,
  ZArchiveInput,
  ZChangeTagInput,
  ZReasonView,
} from './conversation.service';
import {
  createNote,
  searchContactTimeline,
  timelineAfter,
  timelinePage,
  ZInteraction,
  ZNoteInput,
  ZTimelineAfterInput,
  ZTimelineSearchInput,
  ZTimelineInput,
} from './interactions.service';

/** The contact's timeline serves the contact view ('/contact'). */
const timelineProcedure = tenantProcedure.meta({ area: '/contact' });
/** An action on a contact that writes one timeline item with the client's id. */
const ZItemInput = z.object({ contactId: z.string().uuid(), id: z.string().uuid() });

export const interactionsRouter = router({
  timeline: timelineProcedure
    .input(ZTimelineInput)
    .output(z.object({ items: z.array(ZInteraction), nextBefore: z.string().nullable() }))
    .query(({ ctx, input }) => timelinePage(ctx.db, ctx.user, input)),

  /** Items after the newest one on screen (after a live event or a reconnect). */
  after: timelineProcedure
    .input(ZTimelineAfterInput)
    .output(z.array(ZInteraction))
    .query(({ ctx, input }) => timelineAfter(ctx.db, ctx.user, input)),

  /** In-conversation search (Ctrl/Cmd+F): matching items of the contact, oldest first. */
  search: timelineProcedure
    .input(ZTimelineSearchInput)
    .output(z.array(z.object({ id: z.string(), type: z.string(), createdAt: z.date() })))
    .query(({ ctx, input }) => searchContactTimeline(ctx.db, ctx.user, input)),

  createNote: timelineProcedure
    .input(ZNoteInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createNote(ctx.db, ctx.user, input)),

  archivingReasons: timelineProcedure
    .input(z.object({ contactId: z.string().uuid() }))
    .output(z.array(ZReasonView))
    .query(({ ctx, input }) => archivingReasonsFor(ctx.db, ctx.user, input.contactId)),

  archive: timelineProcedure
    .input(ZArchiveInput)
    .output(z.object({ nextAction: z.string() }))
    .mutation(({ ctx, input }) => archiveContact(ctx.db, ctx.user, input)),

  unarchive: timelineProcedure
    .input(ZItemInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => unarchiveContact(ctx.db, ctx.user, input)),

  changeTag: timelineProcedure
    .input(ZChangeTagInput)
    .output(z.object({ statusTag: z.string().nullable() }))
    .mutation(({ ctx, input }) => changeTag(ctx.db, ctx.user, input)),

  setReminder: timelineProcedure
    .input(ZReminderInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => setReminder(ctx.deps, ctx.user, input)),

  cancelReminder: timelineProcedure
    .input(ZItemInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => cancelReminder(ctx.db, ctx.user, input)),
});
