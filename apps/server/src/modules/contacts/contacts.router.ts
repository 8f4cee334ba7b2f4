import { z } from 'zod';
import { ZUnifyInput } from '@cartera/domain/contact-actions';
import { ZContactFormSettingsInput } from '@cartera/domain/contact-form';
import { roleProcedure, router, tenantProcedure } from '../../trpc/init';
import {
  contactFormSettings,
  saveContactFormSettings,
  ZContactFormSettings,
} from './contacts.settings';
import {
  listContacts,
  lookupVisibleContacts,
  ZContactListItem,
  ZContactSummary,
  ZListContactsInput,
  ZLookupContactsInput,
} from './contacts.service';
import { ZContactChanges } from '@cartera/domain/contact-sheet';
import {
  changeContact,
  createContact,
  externalValidate,
  updateContact,
  ZContactInput,
  ZExternalValidateInput,
} from './contact-sheet.service';
import { validatePhone, ZPhoneValidation, ZValidatePhoneInput } from './contact-phones.service';
import {
  createSubConversation,
  listSubConversations,
  takeOverContact,
  transferAgents,
  transferContact,
  unifyContacts,
  ZAgent,
  ZCreateSubConversationInput,
  ZSubConversationItem,
  ZTransferInput,
} from './contact-actions.service';
import { ZExternalValidation } from '../../integrations/external-contacts/external-contacts.client';
import {
  contactFormConfig,
  conversationForCopy,
  getContact,
  ZContactDetail,
  ZContactFormConfig,
} from './contact-view.service';
import { contactIdOf, readContactRef, ZContactIdOrRef } from '../access/contacts';
import { contactMap, ZContactMap, ZContactMapInput } from './contacts-map.service';
import { externalContactStats } from './contact-stats.service';
import { ZExternalStats } from '@cartera/domain/security';

/** Everything about one contact serves the contact view ('/contact'): its roles and slug apply. */
const contactProcedure = tenantProcedure.meta({ area: '/contact' });
/** 'Mi Empresa' edits the company's contact configuration (the catalog editors' roles). */
const configProcedure = roleProcedure('configureCompany');
const ZById = z.object({ id: z.string().uuid() });

export const contactsRouter = router({
  list: tenantProcedure
    .meta({
      area: '/contacts',
      description:
        "The '/contacts' list: the contacts the caller may see, newest first, in keyset pages of 50 after `cursor`. `search` matches name, phone in any format, e-mail or gov id (accents and case ignored); status tag, origin, agent, company and custom-field filters narrow it.",
    })
    .input(ZListContactsInput)
    .output(
      z.object({
        items: z.array(ZContactListItem),
        nextCursor: z.object({ id: z.string() }).nullable(),
      }),
    )
    .query(({ ctx, input }) => listContacts(ctx.db, ctx.user, input)),

  map: tenantProcedure
    .meta({
      area: '/contacts/map',
      description:
        "The contact map ('Mapa', /contacts/map): the located contacts the caller may see inside `bounds`, filtered as contact.list is. Below zoom 17 they come grouped in square cells of 64 screen pixels (`clusters` with their count, mean point and extent; a cell of one is in `points`); from zoom 17 on one by one, 1,000 at most (`truncated` beyond). `tiles` is the raster tile URL template the map loads and its credit.",
    })
    .input(ZContactMapInput)
    .output(ZContactMap)
    .query(({ ctx, input }) => contactMap(ctx.db, ctx.user, ctx.deps.env.mapTiles, input)),

  lookup: tenantProcedure
    .meta({
      description:
        "Contacts for pickers (custom fields selectcontact and multiplecontact), only those the caller may see, by name: those whose name contains `search` (15 at most), or those of `ids` (to show a picker's current values).",
    })
    .input(ZLookupContactsInput)
    .output(z.array(ZContactSummary))
    .query(({ ctx, input }) => lookupVisibleContacts(ctx.db, ctx.user, input)),

  form: contactProcedure
    .meta({
      description:
        "What the contact sheet needs besides the tag, origin and custom-field lists (02 §2 screen 1, §6): the company's country, the sheet's definition, the form flags for the caller, and the external contact system's name when one is connected.",
    })
    .output(ZContactFormConfig)
    .query(({ ctx }) => contactFormConfig(ctx.db, ctx.user)),

  get: contactProcedure
    .meta({
      description:
        "One contact as the contact page shows it: its values, phones, companies, channels, agents, archiving, pending reminder, bot and parent, and what the caller may do with it (`can`). The caller must see the contact or hold its 'Inbox' reservation; a reserved contact allows nothing until taken over.",
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(ZById)
    .output(ZContactDetail)
    .query(({ ctx, input }) => getContact(ctx.db, ctx.user, input.id)),

  create: contactProcedure
    .meta({
      description:
        "Creates a contact held by the caller under every rule of the sheet (02 §5): numbers neither blocked nor another contact's, the caller's tags and origins, the company's companies and sectors (refusals as field errors of INVALID_REQUEST_BODY), valid custom fields. With an external contact system connected, the system must accept the values first and then receive the new contact, or nothing is created.",
      errors: ['CUSTOM_FIELD_INVALID', 'EXTERNAL_VALIDATION_FAILED', 'EXTERNAL_SYSTEM_ERROR'],
    })
    .input(ZContactInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createContact(ctx.db, ctx.user, input)),

  update: contactProcedure
    .meta({
      description:
        "Replaces the sheet's values of a contact the caller may see under the rules of contact.create (its origin stays) and answers it as contact.get does. Or, with `changes` instead of `values` (02 §7 'only the changed fields', the conversation screen's editing in place), changes only the keys given, custom fields by code (03 §7 'Modify additional field') and the photo (`photoPath`, an image the company uploaded; null removes it), under the same rules. With an external contact system connected, the system must accept and receive the change, or nothing is saved.",
      errors: [
        'CONTACT_NOT_FOUND',
        'CUSTOM_FIELD_INVALID',
        'EXTERNAL_VALIDATION_FAILED',
        'EXTERNAL_SYSTEM_ERROR',
      ],
    })
    .input(
      z.union([
        z.object({ id: z.string().uuid(), values: ZContactInput }),
        z.object({ id: z.string().uuid(), changes: ZContactChanges }),
      ]),
    )
    .output(ZContactDetail)
    .mutation(({ ctx, input }) =>
      'changes' in input
        ? changeContact(ctx.deps, ctx.user, input.id, input.changes)
        : updateContact(ctx.db, ctx.user, input.id, input.values),
    ),

  validatePhone: contactProcedure
    .meta({
      description:
        "Checks a phone number for the popover beside it (02 §7, §8): valid for the company's country or with its own code, not blocked, not another main contact's (the edited `contactId`'s own numbers excepted). For a duplicate it says what the caller may do (go to their own contact, take it over, open a sub-conversation, unify) and names the holder by id when the caller may see it, else by a `ref.…` valid 15 minutes for contact.takeOver and contact.createSubConversation.",
    })
    .input(ZValidatePhoneInput)
    .output(ZPhoneValidation)
    .query(({ ctx, input }) => validatePhone(ctx.db, ctx.user, input)),

  externalValidate: contactProcedure
    .meta({
      description:
        "The sheet's external-system status box (02 §4): the values as the server would store them (for the contact `contactId` when editing) judged by the company's external contact system; answers its verdict and the system's name. Values the sheet itself refuses answer its own errors, as contact.create does.",
      errors: [
        'DISABLED_FEATURE',
        'CONTACT_NOT_FOUND',
        'CUSTOM_FIELD_INVALID',
        'EXTERNAL_SYSTEM_ERROR',
      ],
    })
    .input(ZExternalValidateInput)
    .output(ZExternalValidation.extend({ system: z.string() }))
    .mutation(({ ctx, input }) => externalValidate(ctx.db, ctx.user, input)),

  conversationText: contactProcedure
    .meta({
      description:
        "Lines for 'Copiar conversación' (02 §2 screen 2): every timeline item of a contact the caller may read, oldest first, with its time, its agent (null for the system's) and a readable body.",
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(ZById)
    .output(
      z.array(
        z.object({
          createdAt: z.date(),
          agentName: z.string().nullable(),
          type: z.string(),
          body: z.string(),
        }),
      ),
    )
    .query(({ ctx, input }) => conversationForCopy(ctx.db, ctx.user, input.id)),

  transferAgents: contactProcedure
    .meta({
      description:
        "The agents the caller may transfer a contact to (02 §6): active users with role user, super, comercial or project manager in the caller's group and the groups below it; with the flag showAllSellers also every seller of the company, with showAllAgents every agent.",
    })
    .output(z.array(ZAgent))
    .query(({ ctx }) => transferAgents(ctx.db, ctx.user)),

  transfer: contactProcedure
    .meta({
      description:
        'Hands a contact the caller may see to an agent of contact.transferAgents (02 §4; one call per contact, never a sub-conversation) and writes a transfer item on its timeline, telling the previous agent too. Without `keepReminderAndArchivingReason` its pending reminder and archiving reason are cleared.',
      errors: [
        'CONTACT_NOT_FOUND',
        'ERROR_INVALID_DATA',
        'ERROR_YOURSELF_TRANSFER',
        'ERROR_NOT_AUTHORIZED_GROUP',
        'ERROR_ALREADY_BELONGS_TO_AGENT',
      ],
    })
    .input(ZTransferInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => transferContact(ctx.db, ctx.user, input)),

  takeOver: contactProcedure
    .meta({
      description:
        "Takes over a contact nobody is in charge of (no agent, an inactive agent, or archived; never a sub-conversation), by id or by the `ref.…` of contact.validatePhone: it becomes the caller's, its archiving and reservation are cleared and a contactTaken item is written. Refused while another user's 'Inbox' reservation of it holds.",
      errors: ['CONTACT_NOT_FOUND', 'CONTACT_NOT_OBTAINABLE', 'CONTACT_RESERVED'],
    })
    .input(z.object({ contactId: ZContactIdOrRef }))
    .output(
      z.object({
        success: z.literal(true),
        contactId: z.string(),
        events: z.array(z.object({ id: z.string(), type: z.string() })),
      }),
    )
    .mutation(({ ctx, input }) =>
      takeOverContact(ctx.db, ctx.user, contactIdOf(ctx.user, input.contactId)),
    ),

  subConversations: contactProcedure
    .meta({
      description:
        "The 'Subconversaciones' panel of a contact the caller may see (02 §2 screen 4): its sub-conversations with status and agent; empty when sub-conversations are off for the caller or the contact is one itself.",
      errors: ['CONTACT_NOT_FOUND'],
    })
    .input(ZById)
    .output(z.array(ZSubConversationItem))
    .query(({ ctx, input }) => listSubConversations(ctx.db, ctx.user, input.id)),

  externalStats: contactProcedure
    .meta({
      description:
        "The conversation's external statistics panel (03 §7 'External statistics'): the company's external contact system asked at its statistics address with GET ?id={contactId} and its token (sealed at rest, never answered), through the outbound-URL guard; a list of title and body shown as text or chip. `configured` false, with no items, when the company set no statistics address.",
      errors: ['CONTACT_NOT_FOUND', 'EXTERNAL_SYSTEM_ERROR', 'OUTBOUND_URL_NOT_ALLOWED'],
    })
    .input(ZById)
    .output(ZExternalStats)
    .query(({ ctx, input }) => externalContactStats(ctx.db, ctx.user, input.id)),

  createSubConversation: contactProcedure
    .meta({
      description:
        "Opens a sub-conversation (02 §1): a copy of the contact (by id or the `ref.…` of contact.validatePhone) held by the caller or by `agentId` among contact.transferAgents, with status 'new' and an item on both timelines. Needs the feature and an allowed role, never of a sub-conversation; a contact the caller may not see is named only by the `ref.…` (its raw id answers CONTACT_NOT_FOUND), and only its name, phones, e-mails, tag and origin are copied.",
      errors: ['CONTACT_NOT_FOUND', 'SUB_CONVERSATION_NOT_ALLOWED', 'ERROR_NOT_AUTHORIZED_GROUP'],
    })
    .input(ZCreateSubConversationInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) =>
      createSubConversation(ctx.db, ctx.user, {
        ...input,
        ...readContactRef(ctx.user, input.contactId),
      }),
    ),

  unify: contactProcedure
    .meta({
      description:
        "Unifies two contacts the caller may see (02 §4, §6), for the roles the company allows and never sub-conversations: the other's timeline, companies and sub-conversations move to the base, phones and e-mails are merged, the base keeps its values where both have one, and the other is deleted. One transaction with a unify item on the base's timeline; there is no undo.",
      errors: ['UNIFY_NOT_ALLOWED', 'CONTACT_NOT_FOUND'],
    })
    .input(ZUnifyInput)
    .output(z.object({ contactBaseId: z.string() }))
    .mutation(({ ctx, input }) => unifyContacts(ctx.db, ctx.user, input)),

  formSettings: configProcedure
    .meta({
      description:
        "The company's contact form definition as 'Mi Empresa' edits it (issue #17): every stored item in order with its hidden and required marks, then each known kind the definition lacks, hidden; whether the phone is optional; who may unify contacts.",
    })
    .output(ZContactFormSettings)
    .query(({ ctx }) => contactFormSettings(ctx.db, ctx.tenantId)),

  saveFormSettings: configProcedure
    .meta({
      description:
        "Replaces the company's contact form definition (order, hidden and required items; the first name and the phones never hidden, each item once), the optional phone and the unify setting; the contact sheet (contact.form) and contact.create/update follow at once. Other contact settings stay.",
    })
    .input(ZContactFormSettingsInput)
    .output(ZContactFormSettings)
    .mutation(({ ctx, input }) => saveContactFormSettings(ctx.db, ctx.tenantId, input)),
});
