import { z } from 'zod';
import { formsEs } from './i18n/forms.es';

/*
 * Forms (issue #42 item 3; 01 §2 /comercial/forms 'Formularios', the composer's mode `form`): a
 * form of the company is a list of questions, each one a built-in field of the contact or one of
 * the company's custom contact fields; a customer fills it on a public page opened from a link
 * sent over a channel, and the answers are written to the contact and to its timeline. The
 * server and the web share these shapes (docs/decisions.md "Forms (issue #42 item 3)").
 */

/** The contact's own fields a form may ask (the rest of the sheet stays with the sellers). */
export const FORM_CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'govId'] as const;
export type FormContactField = (typeof FORM_CONTACT_FIELDS)[number];

/**
 * The custom field types a form may ask: those a customer can answer without seeing the
 * company's data (references to contacts or companies, shared options and places are not).
 */
export const FORM_CUSTOM_FIELD_TYPES = [
  'string',
  'number',
  'select',
  'multiselect',
  'date',
] as const;
export type FormCustomFieldType = (typeof FORM_CUSTOM_FIELD_TYPES)[number];

/** How long a sent link can be answered. */
export const FORM_LINK_DAYS = 30;
/** Questions of one form at most. */
export const FORM_MAX_FIELDS = 30;
/** Answers to one link (any outcome) per 10 minutes, and from one address. */
export const FORM_ANSWER_LIMITS = { perLink: 10, perAddress: 30, windowMs: 10 * 60 * 1000 };

/** The public page's address of a link: /f/<token>. */
export const FORM_PAGE_PREFIX = '/f/';

const text = formsEs.validation;

export const ZFormField = z.object({
  kind: z.enum(['contact', 'custom']),
  field: z.string().trim().min(1, text.fieldRequired).max(60),
  label: z.string().trim().min(1, text.labelRequired).max(120, text.labelTooLong),
  required: z.boolean().default(false),
});
export type FormField = z.infer<typeof ZFormField>;

export const ZFormInput = z.object({
  name: z.string().trim().min(1, text.nameRequired).max(80, text.nameTooLong),
  description: z.string().trim().max(500, text.descriptionTooLong).default(''),
  fields: z.array(ZFormField).min(1, text.fieldsRequired).max(FORM_MAX_FIELDS, text.tooManyFields),
  active: z.boolean().default(true),
});
export type FormInput = z.input<typeof ZFormInput>;

/** A question as the public page shows it: its type and, for a choice, its options. */
export const ZPublicFormField = z.object({
  key: z.string(),
  label: z.string(),
  required: z.boolean(),
  type: z.enum(['text', 'email', ...FORM_CUSTOM_FIELD_TYPES]),
  options: z.array(z.string()),
});
export type PublicFormField = z.infer<typeof ZPublicFormField>;

/** What the public page reads of a link: the form only, nothing of the company or the contact. */
export const ZPublicForm = z.object({
  name: z.string(),
  description: z.string(),
  fields: z.array(ZPublicFormField),
});
export type PublicForm = z.infer<typeof ZPublicForm>;

/** The answers posted by the public page: by question key (`contact.email`, `custom.plan`). */
export const ZFormAnswers = z.object({
  answers: z.record(
    z.string().max(80),
    z.union([z.string().max(5_000), z.number(), z.array(z.string().max(200)).max(200), z.null()]),
  ),
});
export type FormAnswers = z.infer<typeof ZFormAnswers>;

/** The key of a question on the public page and in the answers. */
export function formFieldKey(field: Pick<FormField, 'kind' | 'field'>) {
  return `${field.kind}.${field.field}`;
}

/** The timeline item of a filled form (interaction type `formAnswer`). */
export const ZFormAnswerContent = z.looseObject({
  formId: z.string(),
  formName: z.string(),
  answers: z.array(z.object({ label: z.string(), value: z.string() })).default([]),
});
export type FormAnswerContent = z.output<typeof ZFormAnswerContent>;
