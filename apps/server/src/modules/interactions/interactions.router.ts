import { z } from 'zod';
import { ZClientItemId } from '@cartera/domain/interactions';
import { ZReminderInput } from '@cartera/domain/conversation';
import {
  activityHeatmap,
  attachedFiles,
  ZAttachedFile,
  ZFilesInput,
  ZHeatmapInput,
} from './contact-stats.service';
import {
  activitySettings,
  closeCall,
  createFeedback,
  createVisit,
  markFeedbackRead,
  setBot,
  startCall,
  ZCloseCallInput,
  ZFeedbackInput,
  ZStartCallInput,
  ZVisitSettings,
} from './activities.service';
import { router, tenantProcedure } from '../../trpc/init';
import {
  archiveContact,
  archivingReasonsFor,
  cancelReminder,
  changeTag,
  completeSuggestion,
  removeSuggestion,
  setReminder,
  unarchiveContact,
  ZArchiveInput,
  ZChangeTagInput,
  ZCompleteSuggestionInput,
  ZReasonView,
  ZSuggestionInput,
} from './conversation.service';
import {
  createNote,
  searchContactTimeline,
  timelineAfter,
  timelineItems,
  timelinePage,
  ZNoteInput,
  ZTimelineAfterInput,
  ZTimelineItemsInput,
  ZTimelineSearchInput,
  ZTimelineInput,
} from './interactions.service';

/** The contact's timeline serves the contact view ('/contact'). */
const timelineProcedure = tenantProcedure.meta({ area: '/contact' });
/** An action on a contact that writes one timeline item with the client's id. */
const ZItemInput = z.object({ contactId: z.string().uuid(), id: ZClientItemId });

/*
 * The three timeline reads declare no output schema: they are the screen's most frequent calls
 * and checking 50 items on every page cost the server about 8 % of its CPU
 * (docs/performance.md). Their items are built field by field as `InteractionView` (toView),
 * and the tests parse their answers with ZInteraction.
 */
export const interactionsRouter = router({
  timeline: timelineProcedure
    .input(ZTimelineInput)
    .query(({ ctx, input }) => timelinePage(ctx.db, ctx.user, input)),

  /** Items after the newest one on screen (after a live event or a reconnect). */
  after: timelineProcedure
    .input(ZTimelineAfterInput)
    .query(({ ctx, input }) => timelineAfter(ctx.db, ctx.user, input)),

  /** Items on screen as they are now (a live `interaction.updated`: a call closed). */
  items: timelineProcedure
    .input(ZTimelineItemsInput)
    .query(({ ctx, input }) => timelineItems(ctx.db, ctx.user, input)),

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

  /** A suggested reminder taken (03 §6 'Complete suggested reminder'): the reminder is set. */
  completeSuggestion: timelineProcedure
    .input(ZCompleteSuggestionInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => completeSuggestion(ctx.deps, ctx.user, input)),

  /** A suggested reminder dismissed with its 'x'. */
  removeSuggestion: timelineProcedure
    .input(ZSuggestionInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => removeSuggestion(ctx.db, ctx.user, input)),

  /** What the visit and feedback tabs need: results, comment rules, shared visits, feedback. */
  activitySettings: timelineProcedure
    .output(ZVisitSettings)
    .query(({ ctx }) => activitySettings(ctx.db, ctx.user)),

  /** 'Describe tu visita' (03 §5); the tenant's rules are applied on the server. */
  createVisit: timelineProcedure
    .input(
      z.object({
        contactId: z.string().uuid(),
        id: ZClientItemId,
        state: z.string().max(60),
        comment: z.string().max(10_000).optional(),
        tag: z.string().max(60).nullish(),
        shared: z.array(z.string().uuid()).max(50).optional(),
      }),
    )
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createVisit(ctx.db, ctx.user, input)),

  createFeedback: timelineProcedure
    .input(ZFeedbackInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createFeedback(ctx.db, ctx.user, input)),

  markFeedbackRead: timelineProcedure
    .input(z.object({ contactId: z.string().uuid(), interactionId: z.string().uuid() }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => markFeedbackRead(ctx.db, ctx.user, input)),

  startCall: timelineProcedure
    .input(ZStartCallInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => startCall(ctx.db, ctx.user, input)),

  closeCall: timelineProcedure
    .input(ZCloseCallInput)
    .output(z.object({ state: z.string() }))
    .mutation(({ ctx, input }) => closeCall(ctx.db, ctx.user, input)),

  /** The info panel's heatmap of the last 3 months, Sunday to Saturday. */
  heatmap: timelineProcedure
    .input(ZHeatmapInput)
    .output(z.object({ counts: z.array(z.number()), bestWeekday: z.number().nullable() }))
    .query(({ ctx, input }) => activityHeatmap(ctx.db, ctx.user, input)),

  /** The info panel's multimedia and files, 10 per page. */
  files: timelineProcedure
    .input(ZFilesInput)
    .output(z.object({ items: z.array(ZAttachedFile), total: z.number() }))
    .query(({ ctx, input }) => attachedFiles(ctx.db, ctx.user, input)),

  /** The bot chip's toggle, after its confirmation. */
  setBot: timelineProcedure
    .input(z.object({ contactId: z.string().uuid(), active: z.boolean() }))
    .output(z.object({ botActive: z.boolean() }))
    .mutation(({ ctx, input }) => setBot(ctx.db, ctx.user, input)),
});
