import { z } from 'zod';
import { ZUnifyInput } from '@cartera/domain/contact-actions';
import { router, tenantProcedure } from '../../trpc/init';
import {
  listContacts,
  lookupVisibleContacts,
  ZContactListItem,
  ZContactSummary,
  ZListContactsInput,
  ZLookupContactsInput,
} from './contacts.service';
import {
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
import { contactIdOf, ZContactIdOrRef } from '../contact-access/contact-access.service';

/** Everything about one contact serves the contact view ('/contact'): its roles and slug apply. */
const contactProcedure = tenantProcedure.meta({ area: '/contact' });
const ZById = z.object({ id: z.string().uuid() });

export const contactsRouter = router({
  /** The '/contacts' list: search, filters and keyset pages of 50. */
  list: tenantProcedure
    .meta({ area: '/contacts' })
    .input(ZListContactsInput)
    .output(
      z.object({
        items: z.array(ZContactListItem),
        nextCursor: z.object({ id: z.string() }).nullable(),
      }),
    )
    .query(({ ctx, input }) => listContacts(ctx.db, ctx.user, input)),

  /** Contacts for pickers, 15 at most, only those the user may see. */
  lookup: tenantProcedure
    .input(ZLookupContactsInput)
    .output(z.array(ZContactSummary))
    .query(({ ctx, input }) => lookupVisibleContacts(ctx.db, ctx.user, input)),

  /** The sheet's definition, flags and country (02 §2 screen 1, §6). */
  form: contactProcedure
    .output(ZContactFormConfig)
    .query(({ ctx }) => contactFormConfig(ctx.db, ctx.user)),

  get: contactProcedure
    .input(ZById)
    .output(ZContactDetail)
    .query(({ ctx, input }) => getContact(ctx.db, ctx.user, input.id)),

  create: contactProcedure
    .input(ZContactInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createContact(ctx.db, ctx.user, input)),

  update: contactProcedure
    .input(z.object({ id: z.string().uuid(), values: ZContactInput }))
    .output(ZContactDetail)
    .mutation(({ ctx, input }) => updateContact(ctx.db, ctx.user, input.id, input.values)),

  /** 02 §7 validate number: the popover beside a phone. */
  validatePhone: contactProcedure
    .input(ZValidatePhoneInput)
    .output(ZPhoneValidation)
    .query(({ ctx, input }) => validatePhone(ctx.db, ctx.user, input, ctx.deps.env.sessionSecret)),

  /** The sheet's external-system status box (02 §4). */
  externalValidate: contactProcedure
    .input(ZExternalValidateInput)
    .output(ZExternalValidation.extend({ system: z.string() }))
    .mutation(({ ctx, input }) => externalValidate(ctx.db, ctx.user, input)),

  /** Lines for 'Copiar conversación'. */
  conversationText: contactProcedure
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
    .output(z.array(ZAgent))
    .query(({ ctx }) => transferAgents(ctx.db, ctx.user)),

  transfer: contactProcedure
    .input(ZTransferInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => transferContact(ctx.db, ctx.user, input)),

  takeOver: contactProcedure
    .input(z.object({ contactId: ZContactIdOrRef }))
    .output(
      z.object({
        success: z.literal(true),
        contactId: z.string(),
        events: z.array(z.object({ id: z.string(), type: z.string() })),
      }),
    )
    .mutation(({ ctx, input }) =>
      takeOverContact(
        ctx.db,
        ctx.user,
        contactIdOf(ctx.deps.env.sessionSecret, ctx.user, input.contactId),
      ),
    ),

  subConversations: contactProcedure
    .input(ZById)
    .output(z.array(ZSubConversationItem))
    .query(({ ctx, input }) => listSubConversations(ctx.db, ctx.user, input.id)),

  createSubConversation: contactProcedure
    .input(ZCreateSubConversationInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) =>
      createSubConversation(ctx.db, ctx.user, {
        ...input,
        contactId: contactIdOf(ctx.deps.env.sessionSecret, ctx.user, input.contactId),
      }),
    ),

  unify: contactProcedure
    .input(ZUnifyInput)
    .output(z.object({ contactBaseId: z.string() }))
    .mutation(({ ctx, input }) => unifyContacts(ctx.db, ctx.user, input)),
});
