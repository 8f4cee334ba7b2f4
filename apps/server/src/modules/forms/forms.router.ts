import { z } from 'zod';
import { ZFormInput } from '@cartera/domain/forms';
import { router, tenantProcedure } from '../../trpc/init';
import {
  changeForm,
  createForm,
  formChoices,
  listForms,
  removeForm,
  sendFormLink,
  ZFormChoice,
  ZFormView,
  ZSendFormLinkInput,
  ZSendFormLinkResult,
} from './forms.service';

/**
 * 'Formularios' (/comercial/forms, slug forms: comercial and project managers; issue #42 item 3):
 * the company's forms. Sending one is for whoever writes to the contact (the composer's mode
 * `form`, area '/contact'). The public page's two endpoints are REST only (forms.rest.ts).
 */
const formsProcedure = tenantProcedure.meta({ area: '/comercial/forms' });

export const formsRouter = router({
  list: formsProcedure
    .meta({
      description:
        "The company's forms (`origin: 'own'`, editable) and its lead-ads channels as read-only forms (`origin: 'lead'`, their questions live at Meta).",
    })
    .output(z.array(ZFormView))
    .query(({ ctx }) => listForms(ctx.deps, ctx.user)),

  create: formsProcedure
    .meta({
      description:
        'Creates a form: a name, a description, and its questions in order, each a built-in contact field (firstName, lastName, email, govId) or an active custom contact field of type string, number, select, multiselect or date, each once, with its label and required flag.',
    })
    .input(ZFormInput)
    .output(ZFormView)
    .mutation(({ ctx, input }) => createForm(ctx.db, ctx.user, input)),

  update: formsProcedure
    .meta({
      description:
        "Replaces a form's name, description, questions and active flag (the rules of `create`); links already sent show the new questions.",
      errors: ['FORM_NOT_FOUND'],
    })
    .input(z.object({ id: z.uuid(), values: ZFormInput }))
    .output(ZFormView)
    .mutation(({ ctx, input }) => changeForm(ctx.db, ctx.user, input.id, input.values)),

  remove: formsProcedure
    .meta({
      description: 'Deletes a form; its links sent answer FORM_LINK_NOT_FOUND from then on.',
      errors: ['FORM_NOT_FOUND'],
    })
    .input(z.object({ id: z.uuid() }))
    .output(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => removeForm(ctx.db, ctx.user, input.id)),

  choices: tenantProcedure
    .meta({
      area: '/contact',
      description: "The company's active forms the composer's mode `form` offers, by name.",
    })
    .output(z.array(ZFormChoice))
    .query(({ ctx }) => formChoices(ctx.db, ctx.user)),

  sendLink: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "Sends a form to a contact the caller sees: a link to its public page (random token, 30 days, one answer) as a text through the channel's ordinary send, so its reply window and limits apply (outside WhatsApp's 24 hours only templates go: WHATSAPP_WINDOW_CLOSED). `id` is the channel message's: a retry sends nothing twice.",
      errors: [
        'CONTACT_NOT_FOUND',
        'FORM_NOT_FOUND',
        'CHANNEL_NOT_FOUND',
        'CHANNEL_ERROR',
        'CONTACT_WITHOUT_PHONE_NUMBER',
        'WHATSAPP_WINDOW_CLOSED',
        'META_WINDOW_CLOSED',
        'MESSAGE_LIMIT_EXCEEDED',
      ],
    })
    .input(ZSendFormLinkInput)
    .output(ZSendFormLinkResult)
    .mutation(({ ctx, input }) => sendFormLink(ctx.deps, ctx.user, input)),
});
