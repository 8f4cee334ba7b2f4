import { z } from 'zod';
import { roleProcedure, router, tenantProcedure } from '../../trpc/init';
import { auditBy } from '../audit/audit.service';
import { CHANNEL_TYPES } from '../../providers/adapter';
import {
  contactReplyWindow,
  markContactSeen,
  sendChannelMessage,
  ZSendMessageInput,
} from './channel-outbound.service';
import {
  createTemplate,
  listTemplates,
  removeTemplate,
  synchronizeTemplates,
  ZTemplateInput,
  ZTemplateView,
} from './channel-templates.service';
import {
  createChannel,
  getChannel,
  listChannels,
  removeChannel,
  updateChannel,
  ZChannelInput,
  ZChannelUpdate,
  ZChannelView,
} from './channels.service';
import { channelOptions } from './channel-options.service';
import { disconnectedChannels } from './channel-status.service';
import {
  connectWhatsapp,
  disconnectWhatsapp,
  whatsappSession,
  ZWhatsappSession,
} from './whatsapp-session.service';
import {
  deleteSentMessage,
  editSentMessage,
  ZDeleteMessageInput,
  ZEditMessageInput,
} from './sent-messages.service';
import {
  scheduleMessage,
  setScheduledStatus,
  ZScheduledStatusInput,
} from './scheduled-messages.service';
import { ZScheduleMessageInput } from '@cartera/domain/scheduled-messages';
import { channelDeadLetters, retryDeadLetter, ZDeadLetterList } from './dead-letters.service';
import { retryInboundMedia } from './inbound-media.service';

const ZDisconnected = z.object({
  count: z.number().int(),
  channels: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      type: z.string(),
      status: z.string(),
      statusReason: z.string().nullable(),
    }),
  ),
});

/** What the composer needs of a channel: no configuration, no secrets. */
const ZChannelOption = z.object({
  id: z.uuid(),
  type: z.enum(CHANNEL_TYPES),
  name: z.string(),
  color: z.string(),
  status: z.string(),
  /** A shared inbox owner's personal WhatsApp: the member writes as its owner (03 §2.2). */
  sharedInbox: z.boolean(),
});

export const channelsRouter = router({
  list: tenantProcedure
    .meta({
      area: '/company',
      description:
        "The company's channels (/company/channels): type, name, colour, connection status, public configuration, which secrets are set (never their values), the webhook URL to give the provider, round robin and limits.",
    })
    .output(z.array(ZChannelView))
    .query(({ ctx }) => listChannels(ctx.db, ctx.deps.env, ctx.user)),

  get: tenantProcedure
    .meta({
      area: '/company',
      description: 'One channel of the company, as in `list`.',
      errors: ['CHANNEL_NOT_FOUND'],
    })
    .input(z.object({ id: z.uuid() }))
    .output(ZChannelView)
    .query(({ ctx, input }) => getChannel(ctx.db, ctx.deps.env, ctx.user, input.id)),

  create: tenantProcedure
    .meta({
      area: '/company',
      description:
        "Creates a channel. Each type needs its provider's ids in `config` and its secrets in `secrets` (write-only, stored encrypted). Answers the channel with its webhook URL. Audited (the names of its secrets, never their values).",
      errors: ['OUTBOUND_URL_NOT_ALLOWED'],
    })
    .input(ZChannelInput)
    .output(ZChannelView)
    .mutation(({ ctx, input }) =>
      createChannel(ctx.db, ctx.deps.env, ctx.user, input, auditBy(ctx)),
    ),

  update: tenantProcedure
    .meta({
      area: '/company',
      description:
        'Changes a channel: name, colour, configuration, round robin, limits. A secret given replaces the stored one, an empty one clears it, one left out stays. Audited (the fields changed and the names of the secrets given).',
      errors: ['CHANNEL_NOT_FOUND', 'OUTBOUND_URL_NOT_ALLOWED'],
    })
    .input(z.object({ id: z.uuid(), values: ZChannelUpdate }))
    .output(ZChannelView)
    .mutation(({ ctx, input }) =>
      updateChannel(ctx.db, ctx.deps.env, ctx.user, input.id, input.values, auditBy(ctx)),
    ),

  remove: tenantProcedure
    .meta({
      area: '/company',
      description:
        'Deletes a channel: its messages stay on the timelines, its webhook URL stops answering. Audited.',
      errors: ['CHANNEL_NOT_FOUND'],
    })
    .input(z.object({ id: z.uuid() }))
    .output(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) =>
      removeChannel(ctx.db, ctx.deps.env, ctx.user, input.id, auditBy(ctx)),
    ),

  deadLetters: tenantProcedure
    .meta({
      area: '/company',
      description:
        "'Mensajes no procesados' of a channel (issue #31): the events its webhook URL received that could not be taken in (a number no channel of the company has, a body that could not be read, events given up after the inbox's retries), how many there are and the newest 100 with their payload as received, their reason and when they were last retried.",
      errors: ['CHANNEL_NOT_FOUND'],
    })
    .input(z.object({ channelId: z.uuid() }))
    .output(ZDeadLetterList)
    .query(({ ctx, input }) => channelDeadLetters(ctx.deps, ctx.user, input.channelId)),

  retryDeadLetter: tenantProcedure
    .meta({
      area: '/company',
      description:
        "'Reintentar' on one of a channel's unprocessed messages: taken in again as if it had just arrived (routed by number again, so a channel added since receives it). Taken in once: a message already on a timeline is not written again. `resolved` false when it still cannot be taken in (it stays, with its reason).",
      errors: ['CHANNEL_NOT_FOUND', 'NOT_FOUND'],
    })
    .input(z.object({ channelId: z.uuid(), id: z.uuid() }))
    .output(z.object({ resolved: z.boolean() }))
    .mutation(({ ctx, input }) => retryDeadLetter(ctx.deps, ctx.user, input)),

  disconnected: roleProcedure('followChannels')
    .meta({
      description:
        "The company's channels that are not connected, for the shell's bottom-left alert (01 §2; project managers, 01 §6).",
    })
    .output(ZDisconnected)
    .query(({ ctx }) => disconnectedChannels(ctx.db, ctx.user)),

  options: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "The channels a seller may write through from the conversation: id, type, name, colour and status (no configuration). A personal WhatsApp is listed only for its owner, and, with a contact, for the members of its agent's shared inboxes.",
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(z.object({ contactId: z.uuid().optional() }).nullish())
    .output(z.array(ZChannelOption))
    .query(({ ctx, input }) => channelOptions(ctx.db, ctx.user, input?.contactId)),

  templates: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "A channel's message templates (WhatsApp's approved messages, the only ones allowed outside the 24-hour window): name, language, category, the provider's status and how it is shown ('Aprobada', 'Pre-aprobada', 'Rechazada'), body.",
      errors: ['CHANNEL_NOT_FOUND'],
    })
    .input(z.object({ channelId: z.uuid() }))
    .output(z.array(ZTemplateView))
    .query(({ ctx, input }) => listTemplates(ctx.db, ctx.user, input.channelId)),

  createTemplate: tenantProcedure
    .meta({
      area: '/company',
      description:
        "Submits a template to the provider for review (WhatsApp Business: the business account's message templates) and keeps it with its first status (usually pending: 'Pre-aprobada').",
      errors: ['CHANNEL_NOT_FOUND', 'CHANNEL_ERROR'],
    })
    .input(ZTemplateInput)
    .output(ZTemplateView)
    .mutation(({ ctx, input }) => createTemplate(ctx.deps, ctx.user, input)),

  removeTemplate: tenantProcedure
    .meta({
      area: '/company',
      description: 'Deletes a template at the provider and here.',
      errors: ['CHANNEL_NOT_FOUND', 'CHANNEL_ERROR', 'NOT_FOUND'],
    })
    .input(z.object({ id: z.uuid() }))
    .output(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => removeTemplate(ctx.deps, ctx.user, input.id)),

  synchronizeTemplates: tenantProcedure
    .meta({
      area: '/company',
      description:
        "Brings the provider's templates and their review statuses here (new ones added, known ones updated, those the provider no longer has removed); answers the channel's templates.",
      errors: ['CHANNEL_NOT_FOUND', 'CHANNEL_ERROR'],
    })
    .input(z.object({ channelId: z.uuid() }))
    .output(z.array(ZTemplateView))
    .mutation(({ ctx, input }) => synchronizeTemplates(ctx.deps, ctx.user, input.channelId)),

  sendMessage: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "Sends a message (text, a file by URL, or a WhatsApp template) to a contact through a channel, within the channel's reply window (`replyWindow`; outside WhatsApp's only a template). The item appears at once as 'sending'; delivery runs in the background and its status (sent, received, read, error) arrives as `interaction.updated`. A repeated `id` sends nothing twice.",
      errors: [
        'CONTACT_NOT_FOUND',
        'CHANNEL_NOT_FOUND',
        'CHANNEL_ERROR',
        'CONTACT_WITHOUT_PHONE_NUMBER',
        'PERSONAL_WHATSAPP_404',
        'WHATSAPP_WINDOW_CLOSED',
        'META_WINDOW_CLOSED',
        'MESSAGE_LIMIT_EXCEEDED',
        'MAXIMUN_MESSAGE_EXCEEDED',
        'FILE_NOT_UPLOADED',
      ],
    })
    .input(ZSendMessageInput)
    .output(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => sendChannelMessage(ctx.deps, ctx.user, input)),

  markSeen: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "The caller read the contact's conversation (03 §4): the newest message the customer sent through each channel, if not marked yet, is marked read and the provider is told in the background (WhatsApp's read receipt, Messenger's and Instagram's mark_seen, the gateway's read mark). Answers how many channels were told; calling it again tells nobody twice.",
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(z.object({ contactId: z.uuid() }))
    .output(z.object({ marked: z.number().int() }))
    .mutation(({ ctx, input }) => markContactSeen(ctx.deps, ctx.user, input.contactId)),

  retryMedia: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "'Reintentar' on a customer's file the provider did not give (issue #31): for whoever may see the contact, the item's notice (`mediaError`) goes and the download starts again with the whole retry schedule, within the provider's window; the file then arrives as `interaction.updated`. NOT_FOUND when the item has no failed file.",
      errors: ['NOT_FOUND', 'CONTACT_NOT_FOUND'],
    })
    .input(z.object({ interactionId: z.uuid() }))
    .output(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => retryInboundMedia(ctx.deps, ctx.user, input.interactionId)),

  editMessage: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "Changes the text of the caller's own text message within 15 minutes of sending it (03 §6), on the customer's phone first (channels that can: WhatsApp sessions through the gateway); the item gets `isEdited` and the replaced text in `previousMessages`, announced as `interaction.updated`. Anything else is MESSAGE_NOT_EDITABLE; the provider's refusal EDIT_MESSAGE_ERROR, and nothing changes.",
      errors: [
        'CONTACT_NOT_FOUND',
        'NOT_FOUND',
        'MESSAGE_NOT_EDITABLE',
        'EDIT_MESSAGE_ERROR',
        'CHANNEL_ERROR',
      ],
    })
    .input(ZEditMessageInput)
    .output(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => editSentMessage(ctx.deps, ctx.user, input)),

  deleteMessage: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "Deletes the caller's own message for everyone within 1 hour of sending it (03 §6), at the provider first (channels that can: WhatsApp sessions through the gateway); the item stays on the timeline as 'Mensaje eliminado'. Anything else is MESSAGE_NOT_DELETABLE; the provider's refusal DELETE_MESSAGE_ERROR, and nothing changes.",
      errors: [
        'CONTACT_NOT_FOUND',
        'NOT_FOUND',
        'MESSAGE_NOT_DELETABLE',
        'DELETE_MESSAGE_ERROR',
        'CHANNEL_ERROR',
      ],
    })
    .input(ZDeleteMessageInput)
    .output(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => deleteSentMessage(ctx.deps, ctx.user, input)),

  scheduleMessage: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "Schedules a text to a contact through a channel (02 §3, 03 §4): the date must be later than now (SCHEDULED_DATE_INVALID). A 'scheduled-message' item is written with status 'active' and a job sends it at the date as the caller, with the checks of any send at that moment; its status then moves to processing and success (with `sentInteractionId`, the channel message it became) or error (with `errorCode`), each announced as `interaction.updated`. `createReminder` also sets the contact's reminder at that time. A repeated `id` schedules nothing twice.",
      errors: [
        'CONTACT_NOT_FOUND',
        'SCHEDULED_DATE_INVALID',
        'CHANNEL_NOT_FOUND',
        'CHANNEL_ERROR',
        'CONTACT_WITHOUT_PHONE_NUMBER',
        'PERSONAL_WHATSAPP_404',
      ],
    })
    .input(ZScheduleMessageInput)
    .output(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => scheduleMessage(ctx.deps, ctx.user, input)),

  setScheduledStatus: tenantProcedure
    .meta({
      area: '/contact',
      description:
        'Cancels an active scheduled message (`cancel`) or makes a cancelled one active again (`active`, only while its date is ahead: else SCHEDULED_DATE_INVALID), for whoever may see the contact (03 §4). Any other change is SCHEDULED_MESSAGE_NOT_CHANGEABLE; asking for the status it has changes nothing.',
      errors: [
        'CONTACT_NOT_FOUND',
        'NOT_FOUND',
        'SCHEDULED_MESSAGE_NOT_CHANGEABLE',
        'SCHEDULED_DATE_INVALID',
      ],
    })
    .input(ZScheduledStatusInput)
    .output(z.object({ id: z.uuid(), status: z.enum(['cancel', 'active']) }))
    .mutation(({ ctx, input }) => setScheduledStatus(ctx.deps, ctx.user, input)),

  replyWindow: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "A contact's reply window on a channel (03 §4): whether free text may be sent now and when the window closes (24 hours after the customer's last WhatsApp message, 7 days on Messenger and Instagram); outside it, whether a template may still be sent (WhatsApp). `limited` is false for channels without a window (SMS, WhatsApp sessions).",
      errors: ['CONTACT_NOT_FOUND', 'CHANNEL_NOT_FOUND'],
    })
    .input(z.object({ contactId: z.uuid(), channelId: z.uuid() }))
    .output(
      z.object({
        limited: z.boolean(),
        open: z.boolean(),
        closesAt: z.date().nullable(),
        templatesAllowed: z.boolean(),
      }),
    )
    .query(({ ctx, input }) => contactReplyWindow(ctx.deps, ctx.user, input)),

  whatsappSession: tenantProcedure
    .meta({
      area: '/settings/new-whatsapp',
      description:
        "The caller's personal WhatsApp (/settings/new-whatsapp): its channel, the session's state at the company's gateway ('open', 'connecting', 'close') and, while connecting, the QR to scan (an image data URL that changes every few seconds: poll it) and a pairing code. `gatewayConfigured` says whether the company has a gateway to connect to.",
      errors: ['CHANNEL_ERROR'],
    })
    .output(ZWhatsappSession)
    .query(({ ctx }) => whatsappSession(ctx.deps, ctx.user)),

  connectWhatsapp: tenantProcedure
    .meta({
      area: '/settings/new-whatsapp',
      description:
        "Connects the caller's personal WhatsApp: on first use makes their `personal_whatsapp` channel on the company's gateway (its `unofficial_wpp` channel), then opens the session: answers it open, or connecting with the QR to scan. The channel becomes available when the gateway reports the phone linked. Audited (the channel's creation with the names of its secrets, and the connect).",
      errors: ['WHATSAPP_GATEWAY_NOT_CONFIGURED', 'CHANNEL_ERROR'],
    })
    .output(ZWhatsappSession)
    .mutation(({ ctx }) => connectWhatsapp(ctx.deps, ctx.user, auditBy(ctx))),

  disconnectWhatsapp: tenantProcedure
    .meta({
      area: '/settings/new-whatsapp',
      description:
        "Logs the caller's personal WhatsApp out at the gateway (the phone is unlinked); the channel stays, disconnected, and can be connected again. Audited.",
      errors: ['PERSONAL_WHATSAPP_404', 'CHANNEL_ERROR'],
    })
    .output(ZWhatsappSession)
    .mutation(({ ctx }) => disconnectWhatsapp(ctx.deps, ctx.user, auditBy(ctx))),
});
