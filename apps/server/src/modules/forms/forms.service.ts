import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import type { Form, FormFieldRow } from '@cartera/db/schema';
import { formatDisplayDate, isEmptyValue } from '@cartera/domain/custom-fields';
import type { ContactChanges } from '@cartera/domain/contact-sheet';
import { DomainError } from '@cartera/domain/errors';
import {
  FORM_ANSWER_LIMITS,
  FORM_CONTACT_FIELDS,
  FORM_CUSTOM_FIELD_TYPES,
  FORM_LINK_DAYS,
  FORM_PAGE_PREFIX,
  formFieldKey,
  ZFormInput,
  type FormAnswers,
  type FormInput,
  type PublicForm,
  type PublicFormField,
} from '@cartera/domain/forms';
import { es, format } from '@cartera/domain/i18n';
import { newId, ZClientItemId } from '@cartera/domain/ids';
import type { AppDeps } from '../../deps';
import { now } from '../../lib/clock';
import { findVisibleContact, visibleContact } from '../access/contacts';
import { listChannels } from '../channels/channels.service';
import { sendChannelMessage } from '../channels/channel-outbound.service';
import { changeContact } from '../contacts/contact-sheet.service';
import { loadFields, type CustomFieldView } from '../custom-fields/custom-fields.service';
import { actingUser } from '../sessions/session.service';
import type { AuthUser } from '../sessions/session.types';
import { announceContactChange, recordInteraction } from '../timeline/timeline-writer';
import {
  countActiveForms,
  findForm,
  findForms,
  findLinkByMessage,
  findLinkByToken,
  insertForm,
  insertFormLink,
  markFormDeleted,
  markLinkSubmitted,
  reserveAnswer,
  updateForm,
} from './forms.repository';

/*
 * Forms (issue #42 item 3; docs/decisions.md "Forms (issue #42 item 3)"): the company's forms
 * ('Formularios', /comercial/forms), a link sent to a contact through a channel (the composer's
 * mode `form`), and the public page a customer answers it on, without signing in. The answers
 * are written to the contact by the sheet's own rules (changeContact) and to its timeline.
 */

const text = es.forms;

export const ZFormFieldView = z.object({
  kind: z.enum(['contact', 'custom']),
  field: z.string(),
  label: z.string(),
  required: z.boolean(),
});

export const ZFormView = z.object({
  id: z.uuid(),
  /** 'own': a form of the company's (editable); 'lead': a lead-ads channel's (read-only). */
  origin: z.enum(['own', 'lead']),
  name: z.string(),
  description: z.string(),
  fields: z.array(ZFormFieldView),
  active: z.boolean(),
  /** The lead channel's name for a lead-ads form; null for the company's own. */
  channelName: z.string().nullable(),
});
export type FormView = z.infer<typeof ZFormView>;

export const ZFormChoice = z.object({ id: z.uuid(), name: z.string() });

export const ZSendFormLinkInput = z.object({
  /** The channel message's id (a recent UUIDv7): a retry sends nothing twice. */
  id: ZClientItemId,
  contactId: z.uuid(),
  formId: z.uuid(),
  channelId: z.uuid(),
});
export const ZSendFormLinkResult = z.object({
  linkId: z.uuid(),
  messageId: z.uuid(),
  url: z.string(),
  expiresAt: z.date(),
});

const ZFieldError = z.record(z.string(), z.array(z.string()));

function viewOf(form: Form): FormView {
  return {
    id: form.id,
    origin: 'own',
    name: form.name,
    description: form.description,
    fields: form.fields,
    active: form.active,
    channelName: null,
  };
}

/**
 * The company's forms, then its lead-ads channels as read-only forms (their questions live at
 * Meta; each channel is one entry).
 */
export async function listForms(
  deps: Pick<AppDeps, 'db' | 'env'>,
  user: AuthUser,
): Promise<FormView[]> {
  const [own, channels] = await Promise.all([
    findForms(deps.db, user.tenantId),
    listChannels(deps.db, deps.env, user),
  ]);
  const leads = channels
    .filter((channel) => channel.type === 'leads')
    .map((channel): FormView => ({
      id: channel.id,
      origin: 'lead',
      name: channel.name,
      description: format(text.leadFormHint, { channel: channel.name }),
      fields: [],
      active: channel.status !== 'disconnected',
      channelName: channel.name,
    }));
  return [...own.map(viewOf), ...leads];
}

/** The active forms the composer offers (mode `form`). */
export async function formChoices(db: Executor, user: AuthUser) {
  const rows = await findForms(db, user.tenantId, true);
  return rows.map((row) => ({ id: row.id, name: row.name }));
}

/** How many of the company's forms are active (the menu counts them with its lead channels). */
export { countActiveForms };

function invalid(fields: Record<string, string[]>) {
  return new DomainError('INVALID_REQUEST_BODY', { fields });
}

/** The questions' own rules: a built-in field or an askable custom field, each once. */
async function checkedFields(db: Executor, user: AuthUser, input: FormInput) {
  const parsed = ZFormInput.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      (fields[key] ??= []).push(issue.message);
    }
    throw invalid(fields);
  }
  const values = parsed.data;
  const custom = new Map(
    (await loadFields(db, user.tenantId, 'contact')).map((field) => [field.code, field]),
  );
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  values.fields.forEach((question, index) => {
    const key = formFieldKey(question);
    const known =
      question.kind === 'contact'
        ? (FORM_CONTACT_FIELDS as readonly string[]).includes(question.field)
        : askable(custom.get(question.field));
    if (!known) errors[`fields.${index}.field`] = [text.validation.unknownField];
    else if (seen.has(key)) errors[`fields.${index}.field`] = [text.validation.repeatedField];
    seen.add(key);
  });
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return values;
}

function askable(field: CustomFieldView | undefined): field is CustomFieldView {
  return (
    !!field && field.active && (FORM_CUSTOM_FIELD_TYPES as readonly string[]).includes(field.type)
  );
}

export async function createForm(db: Database, user: AuthUser, input: FormInput) {
  const values = await checkedFields(db, user, input);
  const row = await insertForm(db, { tenantId: user.tenantId, createdBy: user.id, ...values });
  return viewOf(row);
}

export async function changeForm(db: Database, user: AuthUser, id: string, input: FormInput) {
  if (!(await findForm(db, user.tenantId, id))) throw new DomainError('FORM_NOT_FOUND');
  const values = await checkedFields(db, user, input);
  const row = await updateForm(db, user.tenantId, id, values);
  if (!row) throw new DomainError('FORM_NOT_FOUND');
  return viewOf(row);
}

/** Deletes a form: its links answer FORM_LINK_NOT_FOUND from then on. */
export async function removeForm(db: Database, user: AuthUser, id: string) {
  const row = await markFormDeleted(db, user.tenantId, id);
  if (!row) throw new DomainError('FORM_NOT_FOUND');
  return { id: row.id };
}

/**
 * Sends a form to a contact the caller sees: a link with a random token, expiring in
 * FORM_LINK_DAYS, sent as a text through the channel's ordinary send (its reply window, limits
 * and errors apply: outside WhatsApp's 24 hours only templates go, WHATSAPP_WINDOW_CLOSED).
 */
export async function sendFormLink(
  deps: AppDeps,
  user: AuthUser,
  raw: z.input<typeof ZSendFormLinkInput>,
) {
  const input = ZSendFormLinkInput.parse(raw);
  const contact = await visibleContact(deps.db, user, input.contactId);
  const form = await findForm(deps.db, user.tenantId, input.formId);
  if (!form || !form.active) throw new DomainError('FORM_NOT_FOUND');
  // A retry of the same message sends nothing and makes no second link.
  const repeated = await findLinkByMessage(deps.db, user.tenantId, input.id);
  if (repeated) {
    return {
      linkId: repeated.id,
      messageId: input.id,
      url: linkUrl(deps, repeated.token),
      expiresAt: repeated.expiresAt,
    };
  }
  const token = randomBytes(24).toString('base64url');
  const url = linkUrl(deps, token);
  const { id: messageId } = await sendChannelMessage(deps, user, {
    id: input.id,
    contactId: contact.id,
    channelId: input.channelId,
    text: format(text.composer.message, { name: form.name, url }),
  });
  const sentAt = now();
  const expiresAt = new Date(sentAt.getTime() + FORM_LINK_DAYS * 24 * 3_600_000);
  const link = await insertFormLink(deps.db, {
    tenantId: user.tenantId,
    token,
    formId: form.id,
    contactId: contact.id,
    sentBy: user.id,
    channelId: input.channelId,
    messageId,
    expiresAt,
    createdAt: sentAt,
  });
  return { linkId: link.id, messageId, url, expiresAt };
}

/** The public page's address of a link. */
function linkUrl(deps: Pick<AppDeps, 'env'>, token: string) {
  return `${deps.env.publicUrl}${FORM_PAGE_PREFIX}${token}`;
}

/** A link the public page may use now, or the Spanish refusal. */
async function usableLink(db: Executor, token: string, lock = false) {
  const row =
    token.length > 0 && token.length <= 64 ? await findLinkByToken(db, token, lock) : undefined;
  if (!row || !row.form) throw new DomainError('FORM_LINK_NOT_FOUND');
  if (row.link.submittedAt) throw new DomainError('FORM_LINK_USED');
  if (row.link.expiresAt.getTime() <= now().getTime()) throw new DomainError('FORM_LINK_EXPIRED');
  return { link: row.link, form: row.form, contactAgentId: row.contactAgentId };
}

/** The questions as the public page shows them; a custom field no longer askable is left out. */
async function publicFields(db: Executor, tenantId: string, fields: FormFieldRow[]) {
  const custom = new Map(
    (await loadFields(db, tenantId, 'contact')).map((field) => [field.code, field]),
  );
  return fields.flatMap((question): Array<PublicFormField & { custom?: CustomFieldView }> => {
    const key = formFieldKey(question);
    const base = { key, label: question.label, required: question.required, options: [] };
    if (question.kind === 'contact') {
      if (!(FORM_CONTACT_FIELDS as readonly string[]).includes(question.field)) return [];
      return [{ ...base, type: question.field === 'email' ? 'email' : 'text' }];
    }
    const field = custom.get(question.field);
    if (!askable(field)) return [];
    return [
      {
        ...base,
        required: question.required || field.required,
        type: field.type as PublicFormField['type'],
        options: field.options.map((option) => option.name),
        custom: field,
      },
    ];
  });
}

/** GET of the public page: the form's name, description and questions; nothing else. */
export async function publicForm(db: Executor, token: string): Promise<PublicForm> {
  const { form } = await usableLink(db, token);
  const fields = await publicFields(db, form.tenantId, form.fields);
  return {
    name: form.name,
    description: form.description,
    fields: fields.map(({ custom: _custom, ...field }) => field),
  };
}

/** An answer as the timeline item reads it. */
function shownValue(value: unknown, type: PublicFormField['type']) {
  if (Array.isArray(value)) return value.join(', ');
  if (type === 'date' && typeof value === 'string') return formatDisplayDate(value);
  return String(value);
}

/** Where a refusal of the sheet's rules belongs on the page: the question's key. */
function questionKeyOf(path: string) {
  const [head] = path.split('.');
  if (head === 'emails') return 'contact.email';
  if (head && (FORM_CONTACT_FIELDS as readonly string[]).includes(head)) return `contact.${head}`;
  return '_form';
}

/**
 * POST of the public page: counted per link and per address first (FORM_ANSWER_LIMIT), then in
 * one transaction the link is held, the answers are written to the contact by the sheet's rules
 * (as the system, with the company-wide reach: the customer is not a user), the link is marked
 * used and a `formAnswer` item goes on the timeline with its live event. Any refusal writes
 * nothing and answers the Spanish text of each question.
 */
export async function submitForm(
  deps: AppDeps,
  token: string,
  address: string | null,
  body: FormAnswers,
) {
  // The limit's window is on the wall clock, as the attempts' rows are stamped by the database
  // (the test clock may be moved ahead by scheduled-work tests in the same process).
  const since = new Date(Date.now() - FORM_ANSWER_LIMITS.windowMs);
  const at = now();
  const reserved = await reserveAnswer(
    deps.db,
    [
      { key: `form-link:${token.slice(0, 64)}`, max: FORM_ANSWER_LIMITS.perLink },
      { key: `form-ip:${address ?? 'unknown'}`, max: FORM_ANSWER_LIMITS.perAddress },
    ],
    since,
  );
  if (!reserved) throw new DomainError('FORM_ANSWER_LIMIT');
  return deps.db.transaction(async (tx) => {
    const { link, form, contactAgentId } = await usableLink(tx, token, true);
    const questions = await publicFields(tx, form.tenantId, form.fields);
    const errors: Record<string, string[]> = {};
    const changes: ContactChanges = {};
    const additionalData: Record<string, unknown> = {};
    const answers: Array<{ label: string; value: string }> = [];
    const system = await systemActor(tx, link.tenantId, [link.sentBy, contactAgentId]);
    const contact = await findVisibleContact(tx, system, link.contactId);
    if (!contact) throw new DomainError('FORM_LINK_NOT_FOUND');
    for (const question of questions) {
      const raw = body.answers[question.key];
      const value = typeof raw === 'string' ? raw.trim() : raw;
      if (isEmptyValue(value)) {
        if (question.required) errors[question.key] = [es.fields.required];
        continue;
      }
      if (question.custom) {
        additionalData[question.custom.code] = value;
      } else {
        const field = question.key.slice('contact.'.length);
        if (typeof value !== 'string') {
          errors[question.key] = [es.fields.invalidValue];
          continue;
        }
        if (field === 'email') {
          const known = contact.emails.some((each) => each.toLowerCase() === value.toLowerCase());
          if (!known) changes.emails = [value, ...contact.emails];
        } else {
          changes[field as 'firstName' | 'lastName' | 'govId'] = value;
        }
      }
      answers.push({ label: question.label, value: shownValue(value, question.type) });
    }
    if (Object.keys(errors).length > 0) throw invalid(errors);
    if (Object.keys(additionalData).length > 0) changes.additionalData = additionalData;
    try {
      await changeContact(
        { db: tx as unknown as Database, storage: deps.storage },
        system,
        contact.id,
        changes,
      );
    } catch (error) {
      throw answerError(error);
    }
    await markLinkSubmitted(tx, link.tenantId, link.id, at);
    await recordInteraction(tx, null, contact, {
      id: newId(at.getTime()),
      type: 'formAnswer',
      via: 'form',
      createdBySystem: true,
      content: { formId: form.id, formName: form.name, answers },
    });
    await announceContactChange(tx, null, contact, 'fields');
    return { ok: true as const };
  });
}

/** The sheet's refusal in the page's terms: the Spanish texts by question key. */
function answerError(error: unknown) {
  if (!(error instanceof DomainError)) return error;
  const details = (error.details ?? {}) as { fields?: Record<string, string | string[]> };
  if (error.code === 'CUSTOM_FIELD_INVALID' && details.fields) {
    return invalid(
      Object.fromEntries(
        Object.entries(details.fields).map(([code, message]) => [
          `custom.${code}`,
          Array.isArray(message) ? message : [message],
        ]),
      ),
    );
  }
  if (error.code === 'INVALID_REQUEST_BODY' && details.fields) {
    const fields: Record<string, string[]> = {};
    for (const [path, messages] of Object.entries(details.fields)) {
      (fields[questionKeyOf(path)] ??= []).push(
        ...(Array.isArray(messages) ? messages : [messages]),
      );
    }
    return invalid(ZFieldError.parse(fields));
  }
  return error;
}

/**
 * Who the answers are written as: the link's sender (else the contact's seller) with the
 * company-wide reach, since the customer is no user; the timeline item itself is the system's.
 */
async function systemActor(db: Executor, tenantId: string, candidates: Array<string | null>) {
  for (const id of candidates) {
    const user = id ? await actingUser(db, tenantId, id) : null;
    if (user)
      return { ...user, role: 'comercial' as const, roles: ['comercial' as const], jailUrl: [] };
  }
  throw new DomainError('FORM_LINK_NOT_FOUND');
}
