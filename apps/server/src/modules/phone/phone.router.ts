import { z } from 'zod';
import { roleProcedure, router, tenantProcedure } from '../../trpc/init';
import { auditBy } from '../audit/audit.service';
import { startProviderCall, ZStartProviderCallInput } from './phone-calls.service';
import {
  blockedNumbersOf,
  blockNumber,
  numberStates,
  unblockNumber,
  ZBlockedNumber,
  ZBlockInput,
  ZNumberStates,
} from './phone-restrictions.service';
import {
  callLog,
  callMedia,
  connectAircall,
  connectionView,
  contactIdByPhone,
  disconnectAircall,
  phoneProvidersOf,
  providerChannels,
  savePhoneProviders,
  ZCallLogInput,
  ZCallLogPage,
  ZConnectInput,
  ZConnectionView,
  ZMediaInput,
  ZPhoneProviders,
  ZPhoneQuery,
  ZProviderChannels,
  ZSavePhoneProviders,
} from './phone.service';

/** 'Mi Empresa': the company's phone provider and restricted numbers (admins and comercial). */
const manage = roleProcedure('configureSecurity');
/** A call on a contact the caller may see (the conversation, '/contact'). */
const onContact = tenantProcedure.meta({ area: '/contact' });

/** The phone (issue #39; 01 §7 Phone): Aircall, the softphone, call logs, restricted numbers. */
export const phoneRouter = router({
  connection: manage
    .meta({
      description:
        "The company's Aircall connection ('Mi Empresa' › 'Teléfono'): connected or not, its name and webhook URL, the NAMES of its secrets (never their values).",
    })
    .output(ZConnectionView)
    .query(({ ctx }) => connectionView(ctx.deps, ctx.user)),

  connect: manage
    .meta({
      description:
        "Connects the company's Aircall account with its API id and token (POST /aircall/users checks them; the webhook of the call events is created at Aircall and its token kept). Sealed at rest, never sent back; audited. PHONE_PROVIDER_AUTH_FAILED when Aircall refuses them, PHONE_PROVIDER_UNAVAILABLE when it does not answer.",
      errors: ['PHONE_PROVIDER_AUTH_FAILED', 'PHONE_PROVIDER_UNAVAILABLE'],
    })
    .input(ZConnectInput)
    .output(ZConnectionView)
    .mutation(({ ctx, input }) => connectAircall(ctx.deps, ctx.user, auditBy(ctx), input)),

  disconnect: manage
    .meta({
      description:
        "Disconnects the company's Aircall account and forgets its users' mappings (audited); calls already on the timelines stay.",
    })
    .output(ZConnectionView)
    .mutation(({ ctx }) => disconnectAircall(ctx.deps, ctx.user, auditBy(ctx))),

  providers: tenantProcedure
    .meta({
      description:
        "The caller's phone providers (01 §3 User phoneProviders): whether the company has Aircall, its web phone for the softphone, and the caller's own Aircall user, numbers and country codes.",
    })
    .output(ZPhoneProviders)
    .query(({ ctx }) => phoneProvidersOf(ctx.deps, ctx.user)),

  channels: tenantProcedure
    .meta({
      area: '/settings',
      description:
        "GET /settings/phoneProviders/channels: the company's Aircall users and numbers the caller may choose as their own ('Ajustes' › 'Llamadas').",
      errors: ['PHONE_PROVIDER_NOT_CONNECTED', 'PHONE_PROVIDER_UNAVAILABLE'],
    })
    .output(ZProviderChannels)
    .query(({ ctx }) => providerChannels(ctx.deps, ctx.user)),

  saveProviders: tenantProcedure
    .meta({
      area: '/settings',
      description:
        "PATCH /settings/phoneProviders: the caller's own Aircall user (null removes it), the numbers they call from (of that user; the first is used) and the country codes they call through it (empty: any). Never another user's.",
      errors: ['PHONE_PROVIDER_NOT_CONNECTED', 'PHONE_PROVIDER_UNAVAILABLE'],
    })
    .input(ZSavePhoneProviders)
    .output(ZPhoneProviders)
    .mutation(({ ctx, input }) => savePhoneProviders(ctx.deps, ctx.user, input)),

  startCall: onContact
    .meta({
      description:
        "Pressing call with the company's Aircall (03 §4, POST /aircall/startcall): writes the call item 'calling' on a contact the caller may see and asks Aircall to dial the number from the caller's Aircall app; the item then follows Aircall's events live. Refused with CONTACT_IN_CALL while a call is calling, PHONE_NUMBER_RESTRICTED (details.reason) for a restricted number; when Aircall fails, the item is closed as not made and PHONE_CALL_FAILED answered. A retry with the same `id` starts nothing more.",
      errors: [
        'CONTACT_NOT_FOUND',
        'CONTACT_IN_CALL',
        'PHONE_NUMBER_RESTRICTED',
        'PHONE_PROVIDER_NOT_CONNECTED',
        'PHONE_USER_NOT_MAPPED',
        'PHONE_CALL_FAILED',
        'PHONE_PROVIDER_AUTH_FAILED',
      ],
    })
    .input(ZStartProviderCallInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => startProviderCall(ctx.deps, ctx.user, input)),

  contactByPhone: tenantProcedure
    .meta({
      description:
        "GET /ucontact/getContactId?phone=: the contact holding the number (read in the company's country) among those the caller may see, for the incoming-call widget; `contactId` null when none ('Contacto no encontrado').",
    })
    .input(ZPhoneQuery)
    .output(z.object({ contactId: z.string().nullable(), phone: z.string() }))
    .query(({ ctx, input }) => contactIdByPhone(ctx.db, ctx.user, input)),

  numberStates: onContact
    .meta({
      description:
        '03 §3 Contact phoneNumberStates: each number of a contact the caller may see, whether it is restricted (disableCall: no chat nor call) and why.',
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(z.object({ contactId: z.string().uuid() }))
    .output(ZNumberStates)
    .query(({ ctx, input }) => numberStates(ctx.db, ctx.user, input.contactId)),

  calls: tenantProcedure
    .meta({
      description:
        "POST /calls: the caller's own calls through the provider, newest first, paged by `before` (01 §3 Call log entry: type incoming, outgoing or missed, dateTime, phoneNumber, duration in seconds, name of the contact when the caller may see it).",
    })
    .input(ZCallLogInput)
    .output(ZCallLogPage)
    .query(({ ctx, input }) => callLog(ctx.db, ctx.user, input)),

  media: onContact
    .meta({
      description:
        "The recording or voicemail of a call item of a contact the caller may see: the provider's signed, short-lived link. NOT_FOUND when the call has none.",
      errors: ['CONTACT_NOT_FOUND', 'NOT_FOUND'],
    })
    .input(ZMediaInput)
    .output(z.object({ url: z.string() }))
    .query(({ ctx, input }) => callMedia(ctx.db, ctx.user, input)),

  blockedNumbers: manage
    .meta({
      description:
        "The company's restricted numbers ('Mi Empresa' › 'Números restringidos'): number, reason, who restricted it and when, newest first.",
    })
    .output(z.array(ZBlockedNumber))
    .query(({ ctx }) => blockedNumbersOf(ctx.db, ctx.user)),

  blockNumber: manage
    .meta({
      description:
        "Restricts a number (read in the company's country) with its reason: no chat nor call with it (audited). PHONE_NUMBER_ALREADY_RESTRICTED when it already is.",
      errors: ['PHONE_NUMBER_ALREADY_RESTRICTED'],
    })
    .input(ZBlockInput)
    .output(z.object({ phone: z.string() }))
    .mutation(({ ctx, input }) => blockNumber(ctx.db, ctx.user, auditBy(ctx), input)),

  unblockNumber: manage
    .meta({
      description: 'Lifts the restriction of a number (audited). NOT_FOUND when it has none.',
      errors: ['NOT_FOUND'],
    })
    .input(z.object({ phone: z.string().min(4).max(40) }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => unblockNumber(ctx.db, ctx.user, auditBy(ctx), input)),
});
