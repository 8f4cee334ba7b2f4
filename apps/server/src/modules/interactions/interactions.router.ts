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
  ZInteraction,
  ZTimelinePage,
} from './interactions.service';
import { documentedOutput } from '../../trpc/documented-output';

/** The contact's timeline serves the contact view ('/contact'). */
const timelineProcedure = tenantProcedure.meta({ area: '/contact' });
/** An action on a contact that writes one timeline item with the client's id. */
const ZItemInput = z.object({ contactId: z.string().uuid(), id: ZClientItemId });

/*
 * The three timeline reads document their output without tRPC checking it in production: they
 * are the screen's most frequent calls and checking 50 items on every page cost the server about
 * 8 % of its CPU (docs/performance.md). Their items are built field by field as `InteractionView`
 * (toView); under tests every answer is checked against the schema (documentedOutput).
 */
export const interactionsRouter = router({
  timeline: timelineProcedure
    .meta({
      description:
        "A page of a contact's timeline (03 §2.1): the 50 items before `before` (the newest without it), oldest first within the page, and `nextBefore` to ask for the older page (null when there is none). The caller must see the contact or hold its 'Inbox' reservation; items are { id, contactId, type, content, via, status, createdBySystem, createdAt, agent, suggestions }.",
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(ZTimelineInput)
    .output(documentedOutput(ZTimelinePage))
    .query(({ ctx, input }) => timelinePage(ctx.db, ctx.user, input)),

  after: timelineProcedure
    .meta({
      description:
        "The items of a readable contact's timeline after `after`, the newest one on screen (after a live event or a reconnect), oldest first, 200 at most; items as in interaction.timeline.",
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(ZTimelineAfterInput)
    .output(documentedOutput(z.array(ZInteraction)))
    .query(({ ctx, input }) => timelineAfter(ctx.db, ctx.user, input)),

  items: timelineProcedure
    .meta({
      description:
        "Given items of a readable contact's timeline as they are now, oldest first, for items on screen that changed in place (a live `interaction.updated`: a call closed); ids of another contact or unknown ones are left out. Items as in interaction.timeline.",
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(ZTimelineItemsInput)
    .output(documentedOutput(z.array(ZInteraction)))
    .query(({ ctx, input }) => timelineItems(ctx.db, ctx.user, input)),

  search: timelineProcedure
    .meta({
      description:
        'In-conversation search (Ctrl/Cmd+F): the items of a readable contact matching `text` (in their body, comment, description, message, subject or summary; accents and case ignored), `types`, `agentId` and the `from`/`to` dates, oldest first, 500 at most; empty without any criterion.',
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(ZTimelineSearchInput)
    .output(z.array(z.object({ id: z.string(), type: z.string(), createdAt: z.date() })))
    .query(({ ctx, input }) => searchContactTimeline(ctx.db, ctx.user, input)),

  createNote: timelineProcedure
    .meta({
      description:
        "Writes a note on a contact the caller may see (03 §3) and notifies whoever sees the contact; a note that speaks of a future time offers suggested reminders. `id` is the client's UUIDv7, so a retry stores the note once; a note needs a body or files, and files are for admins only (else PERMISSION_DENIED). A file of Cartera's storage must have been uploaded complete, of its declared size and type, and be readable by the caller (else FILE_NOT_UPLOADED); it then belongs to the contact's timeline.",
      errors: ['CONTACT_NOT_FOUND', 'FILE_NOT_UPLOADED'],
    })
    .input(ZNoteInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createNote(ctx.deps, ctx.user, input)),

  archivingReasons: timelineProcedure
    .meta({
      description:
        "The archiving reasons of the company the caller may pick for a contact they may see (03 §5), the contact's current one marked.",
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(z.object({ contactId: z.string().uuid() }))
    .output(z.array(ZReasonView))
    .query(({ ctx, input }) => archivingReasonsFor(ctx.db, ctx.user, input.contactId)),

  archive: timelineProcedure
    .meta({
      description:
        "Archives a contact the caller may see with a reason of interaction.archivingReasons (03 §4) and writes an archiving item; the same reason twice is refused, and a sale-type reason needs the contact's required-on-sale custom fields first (missing ones in `details.fields`); a contact with active request sales answers closingRequestSale with them in `details.requestSales` ({id, title, status, statusType}). Answers the reason's next action; a retry with the same `id` answers it again without archiving twice.",
      errors: [
        'CONTACT_NOT_FOUND',
        'ARCHIVING_REASON_NOT_FOUND',
        'REQUIRED_ON_SALE_MISSING',
        'CONTACT_ALREADY_ARCHIVED',
        'closingRequestSale',
      ],
    })
    .input(ZArchiveInput)
    .output(z.object({ nextAction: z.string() }))
    .mutation(({ ctx, input }) => archiveContact(ctx.db, ctx.user, input)),

  unarchive: timelineProcedure
    .meta({
      description:
        'Unarchives a contact the caller may see from its chip (03 §4): its archiving reason is cleared and an archiving item written; nothing happens when it is not archived.',
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(ZItemInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => unarchiveContact(ctx.db, ctx.user, input)),

  changeTag: timelineProcedure
    .meta({
      description:
        "Changes the status tag of a contact (null removes it), only by the contact's own agent and among the tags the caller may use (03 §4); a tagChange item is written unless the tag is the same.",
      errors: ['CONTACT_NOT_FOUND', 'TAG_CHANGE_NOT_ALLOWED'],
    })
    .input(ZChangeTagInput)
    .output(z.object({ statusTag: z.string().nullable() }))
    .mutation(({ ctx, input }) => changeTag(ctx.db, ctx.user, input)),

  setReminder: timelineProcedure
    .meta({
      description:
        "Sets the pending reminder of a contact the caller may see (03 §4 wizard): the date must be ahead; the reminder item is written, made the contact's pending reminder and its expiry scheduled in one transaction. A retry with the same `id` writes nothing more.",
      errors: ['CONTACT_NOT_FOUND', 'REMINDER_DATE_PAST'],
    })
    .input(ZReminderInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => setReminder(ctx.deps, ctx.user, input)),

  cancelReminder: timelineProcedure
    .meta({
      description:
        'Cancels the pending reminder of a contact the caller may see from its chip (03 §4) and writes a cancelled reminder item; nothing happens when none is pending.',
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(ZItemInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => cancelReminder(ctx.db, ctx.user, input)),

  completeSuggestion: timelineProcedure
    .meta({
      description:
        "Takes a reminder suggested on a timeline item (03 §6 'Complete suggested reminder'): the contact's reminder is set at the suggested date as interaction.setReminder does and the suggestion marked done, in one transaction, and whoever sees the contact is told the item changed. A suggestion already taken, dismissed or past is refused, except on a retry with the same `id` of a completion that went through.",
      errors: ['CONTACT_NOT_FOUND', 'SUGGESTION_NOT_AVAILABLE', 'REMINDER_DATE_PAST'],
    })
    .input(ZCompleteSuggestionInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => completeSuggestion(ctx.deps, ctx.user, input)),

  removeSuggestion: timelineProcedure
    .meta({
      description:
        "Dismisses a reminder suggested on a timeline item (its 'x'): it no longer shows, and whoever sees the contact is told the item changed. A suggestion already taken, dismissed or past is refused.",
      errors: ['CONTACT_NOT_FOUND', 'SUGGESTION_NOT_AVAILABLE', 'REMINDER_DATE_PAST'],
    })
    .input(ZSuggestionInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => removeSuggestion(ctx.db, ctx.user, input)),

  activitySettings: timelineProcedure
    .meta({
      description:
        "What the composer's visit and feedback tabs need (03 §2.2, §5): the company's active visit results, the visit comment rules, whether shared visits are on for the caller, and whether the caller's roles may give feedback.",
    })
    .output(ZVisitSettings)
    .query(({ ctx }) => activitySettings(ctx.db, ctx.user)),

  createVisit: timelineProcedure
    .meta({
      description:
        "Writes a visit on a contact the caller may see ('Describe tu visita', 03 §3, §5): a result of interaction.activitySettings, a comment under the company's rules, an optional tag among the caller's (also set on the contact), and users of the company to share it with when shared visits are on (never the caller), who are notified.",
      errors: ['CONTACT_NOT_FOUND'],
    })
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
    .meta({
      description:
        "Writes feedback on a contact the caller may see for its agent, or for `toUser` (03 §3, §4), only for the roles the company allows (else PERMISSION_DENIED). It clears the contact's archiving reason and reminder (a permanent reminder stays, marked as client contacted) and notifies the receiver.",
      errors: ['CONTACT_NOT_FOUND', 'CONTACT_WITHOUT_AGENT', 'USER_NOT_FOUND'],
    })
    .input(ZFeedbackInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createFeedback(ctx.db, ctx.user, input)),

  markFeedbackRead: timelineProcedure
    .meta({
      description:
        'Marks a feedback item of a contact the caller may see as read; only its receiver may (03 §4, else PERMISSION_DENIED). NOT_FOUND when the item is not a feedback of that contact.',
      errors: ['CONTACT_NOT_FOUND', 'NOT_FOUND'],
    })
    .input(z.object({ contactId: z.string().uuid(), interactionId: z.string().uuid() }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => markFeedbackRead(ctx.db, ctx.user, input)),

  startCall: timelineProcedure
    .meta({
      description:
        "Logs a manual phone call to one of the numbers of a contact the caller may see (03 §4): an item in state calling. Refused with CONTACT_IN_CALL while the contact's newest item (take-overs aside) is a call still calling.",
      errors: ['CONTACT_NOT_FOUND', 'CONTACT_IN_CALL'],
    })
    .input(ZStartCallInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => startCall(ctx.db, ctx.user, input)),

  closeCall: timelineProcedure
    .meta({
      description:
        "Closes a call of interaction.startCall with its outcome (the answer to '¿Pudiste comunicarte?') and optional duration, and tells whoever sees the contact; a call already closed keeps its state, which is answered. NOT_FOUND when the item is not a call of that contact.",
      errors: ['CONTACT_NOT_FOUND', 'NOT_FOUND'],
    })
    .input(ZCloseCallInput)
    .output(z.object({ state: z.string() }))
    .mutation(({ ctx, input }) => closeCall(ctx.db, ctx.user, input)),

  heatmap: timelineProcedure
    .meta({
      description:
        "The info panel's activity heatmap (03 §2.1, §9): a readable contact's items per weekday, Sunday (0) to Saturday (6), over the last 3 months in the viewer's `timeZone`, and the busiest weekday (null when there are none).",
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(ZHeatmapInput)
    .output(z.object({ counts: z.array(z.number()), bestWeekday: z.number().nullable() }))
    .query(({ ctx, input }) => activityHeatmap(ctx.db, ctx.user, input)),

  files: timelineProcedure
    .meta({
      description:
        "The info panel's multimedia or files attached on a readable contact's timeline, newest first, 10 per `page` (from 0), with their total.",
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(ZFilesInput)
    .output(z.object({ items: z.array(ZAttachedFile), total: z.number() }))
    .query(({ ctx, input }) => attachedFiles(ctx.db, ctx.user, input)),

  setBot: timelineProcedure
    .meta({
      description:
        "Turns the company's bot on or off for a contact the caller may see (03 §4 'Bot', §8), after the web's confirmation; no timeline item is written, but other screens on the contact are told. BOT_CONFIG_NOT_FOUND without a bot configured; turning it on while the bot is inactive, BOT_NOT_ACTIVE.",
      errors: ['BOT_CONFIG_NOT_FOUND', 'BOT_NOT_ACTIVE', 'CONTACT_NOT_FOUND'],
    })
    .input(z.object({ contactId: z.string().uuid(), active: z.boolean() }))
    .output(z.object({ botActive: z.boolean() }))
    .mutation(({ ctx, input }) => setBot(ctx.db, ctx.user, input)),
});
