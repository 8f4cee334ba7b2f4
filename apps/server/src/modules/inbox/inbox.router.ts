import { z } from 'zod';
import { router, tenantProcedure } from '../../trpc/init';
import {
  bulkArchive,
  bulkRemind,
  bulkTag,
  bulkTransfer,
  ZBulkArchiveInput,
  ZBulkRemindInput,
  ZBulkResult,
  ZBulkTagInput,
  ZBulkTransferInput,
} from './inbox-bulk.service';
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
import { markRead, markUnread, unreadCounts, ZUnreadCounts, ZUnreadInput } from './unread.service';
import { messageNotice, ZMessageNotice, ZMessageNoticeInput } from './message-notice.service';

export const inboxRouter = router({
  conversations: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "'Conversaciones' (issue #33 item 3): the conversations of the chosen `inbox` ('me'; a seller of a supervisor's subtree, or any for comercial; 'unassigned', the 'Inbox'; 'all', the caller's reach, refused to sellers, narrowed by `groupId` to the sellers of a group of that reach as 'Rendimiento' counts them; else PERMISSION_DENIED; `agentId` is the older form of a seller's), of `tab` 'open' or 'archived', narrowed by `search` (name, number in any format, or message text), `channelId`, `statusTag`, `origin`, `unread`, `reminderDue` and `unattended` (the customer waits for an answer more than 24 hours, the dashboard's 'Sin atender (+24 h)'); `order` 'recent' (last interaction first) or 'waiting' (the longest unanswered first, only those waiting); sub-conversations included, in pages of 30 after `cursor`; `unattended` marks 24 hours without interaction.",
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

  markRead: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "The caller opened a contact's chat: when the caller holds it, its unread mark is cleared (a live `contact.read` event tells who sees it); a supervisor or a shared inbox's member opening it changes nothing. Answers the contact's unread count after it. A contact the caller may not see answers CONTACT_NOT_FOUND.",
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(ZUnreadInput)
    .output(z.object({ unreadCount: z.number().int() }))
    .mutation(({ ctx, input }) => markRead(ctx.db, ctx.user, input)),

  markUnread: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "'Marcar como no leído': the contact's holder marks their conversation unread again (at least 1, a live `contact.read` event); anyone else gets PERMISSION_DENIED, a contact the caller may not see CONTACT_NOT_FOUND.",
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(ZUnreadInput)
    .output(z.object({ unreadCount: z.number().int() }))
    .mutation(({ ctx, input }) => markUnread(ctx.db, ctx.user, input)),

  unreadCounts: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "The menu's and the tab title's unread counts (issue #33): the caller's own unread conversations, the unassigned inbox's (null when the caller may not open it) and each shared inbox's the caller is a member of; never a team's.",
    })
    .output(ZUnreadCounts)
    .query(({ ctx }) => unreadCounts(ctx.db, ctx.user)),

  messageNotice: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "What the shell tells the caller when a live `interaction.created` event comes for a contact (issue #33 item 2): null unless the contact's last message is the customer's and the conversation is the caller's ('mine') or, for a supervisor, another user's they see ('team'); else its name, the message's kind and first words and the unread count. A contact the caller may not see answers null, like one that does not exist.",
    })
    .input(ZMessageNoticeInput)
    .output(ZMessageNotice)
    .query(({ ctx, input }) => messageNotice(ctx.db, ctx.user, input)),

  release: tenantProcedure
    .meta({
      area: '/contact/unassigned',
      description:
        "Gives the caller's reservation of a contact up (leaving the contact, or at the end of its countdown); idempotent, and nothing happens when the caller holds none.",
    })
    .input(ZReservationInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => release(ctx.db, ctx.user, input)),

  bulkArchive: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "Archives the selected conversations of 'Conversaciones' with one reason (issue #33 item 3): each contact as interaction.archive would, in its own transaction; `done` lists those archived, `failed` the others with their refusal (CONTACT_NOT_FOUND for one the caller may not see, CONTACT_ALREADY_ARCHIVED, ARCHIVING_REASON_NOT_FOUND, REQUIRED_ON_SALE_MISSING, closingRequestSale).",
    })
    .input(ZBulkArchiveInput)
    .output(ZBulkResult)
    .mutation(({ ctx, input }) => bulkArchive(ctx.db, ctx.user, input)),

  bulkTransfer: tenantProcedure
    .meta({
      description:
        'Transfers the selected conversations to one agent of contact.transferAgents (issue #33 item 3): each as contact.transfer would (reminder and archiving cleared), in its own transaction; `done` and `failed` as in bulkArchive.',
      area: '/contact',
    })
    .input(ZBulkTransferInput)
    .output(ZBulkResult)
    .mutation(({ ctx, input }) => bulkTransfer(ctx.db, ctx.user, input)),

  bulkTag: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "Sets one status tag (null removes it) on the selected conversations (issue #33 item 3): each as interaction.changeTag would (only the contact's own agent, among the tags the caller may use), in its own transaction; `done` and `failed` as in bulkArchive.",
    })
    .input(ZBulkTagInput)
    .output(ZBulkResult)
    .mutation(({ ctx, input }) => bulkTag(ctx.db, ctx.user, input)),

  bulkRemind: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "Sets one reminder on each selected conversation (03 §7 'Create reminder … a variant for many contacts', issue #43 item 4): each as interaction.setReminder would (the date ahead; the company's always-permanent flag), in its own transaction with its own item id; `done` and `failed` as in bulkArchive (REMINDER_DATE_PAST for every one when the date has passed).",
    })
    .input(ZBulkRemindInput)
    .output(ZBulkResult)
    .mutation(({ ctx, input }) => bulkRemind(ctx.deps, ctx.user, input)),
});
