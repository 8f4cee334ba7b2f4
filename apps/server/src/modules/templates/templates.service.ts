import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { foldText } from '@cartera/domain/search';
import { DomainError } from '@cartera/domain/errors';
import { changeOf } from '@cartera/domain/input';
import { checkFileForRecord, type FileDeps } from '../files/file-access.service';
import { assertAllowed } from '../sessions/access';
import type { AuthUser } from '../sessions/session.types';
import {
  deleteTemplateById,
  findQuickReplies,
  findTemplateRow,
  findTemplatesOf,
  insertTemplateRow,
  updateTemplateRow,
} from './templates.repository';
import { es, format } from '@cartera/domain/i18n';
import { sanitizeSignature } from '../../lib/mail-html';

export const QUICK_REPLY_LIMIT = 50;
/** A chat template's text (a WhatsApp message's limit); an e-mail template's body may be longer. */
const CHAT_TEMPLATE_MAX = 4_096;

export const ZQuickReply = z.object({
  id: z.string(),
  title: z.string(),
  /** An e-mail template's subject ('' for the others). */
  subject: z.string(),
  message: z.string(),
  type: z.string(),
  entityType: z.string(),
  files: z.array(z.object({ url: z.string(), fileName: z.string(), mimetype: z.string() })),
});

/**
 * The composer's quick replies (03 §4, §5): the tenant's templates and the user's personal ones,
 * searched by title, name or message ignoring case and accents. A template without a title
 * shows its name.
 */
export async function quickReplies(
  db: Executor,
  user: AuthUser,
  search: string | undefined,
  /** 'email': the e-mail composer's templates (03 §3 E-mail template); else the chat's. */
  kind: 'chat' | 'email' = 'chat',
) {
  const term = search ? foldText(search) : undefined;
  const rows = await findQuickReplies(
    db,
    user.tenantId,
    user.id,
    term || undefined,
    QUICK_REPLY_LIMIT,
    kind === 'email',
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title || row.name,
    subject: row.subject,
    message: row.message,
    type: row.type,
    entityType: row.entityType,
    files: row.files,
  }));
}

/**
 * Managing quick replies (issue #12 §4; 03 §3 Message template): the company's, edited by those
 * who open 'Mi Empresa' (01 §6 slug company), and each user's personal ones, edited by their
 * owner alone. Channel templates (WhatsApp's approved messages) are the channel module's.
 */
export const ZQuickReplyScope = z.enum(['company', 'personal']);

export const ZQuickReplyInput = z.object({
  title: z.string().trim().min(1).max(120),
  /** An e-mail template's body is rich text (HTML, formatting kept only). */
  message: z.string().trim().max(100_000).default(''),
  /** 'email': an e-mail template (03 §3), with its subject; the others are the chat's. */
  type: z.enum(['message-text', 'voice-note', 'email']).default('message-text'),
  subject: z.string().trim().max(998).default(''),
  files: z
    .array(
      z.object({
        url: z.url({ protocol: /^https?$/ }).max(2_000),
        fileName: z.string().trim().min(1).max(255),
        mimetype: z.string().trim().min(1).max(200),
      }),
    )
    .max(10)
    .default([]),
});

type QuickReplyFile = z.infer<typeof ZQuickReplyInput>['files'][number];

/**
 * A quick reply's files of Cartera's storage must be uploads of the caller's company the server
 * found as declared (issue #30 §5), else FILE_NOT_UPLOADED and nothing stored; each is kept by
 * its permanent address. Files it already held stay as they were; other addresses as given.
 */
async function checkedFiles(
  deps: FileDeps,
  user: AuthUser,
  files: QuickReplyFile[],
  held: QuickReplyFile[] = [],
) {
  const kept = new Set(held.map((file) => file.url));
  const checked: QuickReplyFile[] = [];
  for (const file of files) {
    checked.push(
      kept.has(file.url) ? file : { ...file, url: await checkFileForRecord(deps, user, file.url) },
    );
  }
  return checked;
}

/** A change: the fields given, nothing reset to its default. */
export const ZQuickReplyChange = changeOf(ZQuickReplyInput);

export const ZManagedQuickReply = ZQuickReply.extend({ updatable: z.boolean() });

function canManageCompany(user: AuthUser) {
  try {
    assertAllowed(user, { area: '/company' });
    return true;
  } catch {
    return false;
  }
}

function checkScope(user: AuthUser, scope: z.infer<typeof ZQuickReplyScope>) {
  if (scope === 'company' && !canManageCompany(user)) throw new DomainError('PERMISSION_DENIED');
}

function managedView(row: Awaited<ReturnType<typeof findTemplatesOf>>[number]) {
  return {
    id: row.id,
    title: row.title || row.name,
    subject: row.subject,
    message: row.message,
    type: row.type,
    entityType: row.entityType,
    files: row.files,
    updatable: true,
  };
}

export async function listManagedQuickReplies(
  db: Executor,
  user: AuthUser,
  scope: z.infer<typeof ZQuickReplyScope>,
) {
  checkScope(user, scope);
  const rows = await findTemplatesOf(db, user.tenantId, scope === 'personal' ? user.id : null);
  return rows.map(managedView);
}

/**
 * An e-mail template (03 §3) has a subject ('Requerido') and a rich-text body kept as the
 * composer sends it (formatting only); the chat's templates have neither.
 */
function emailFields(type: string, input: { subject?: string; message?: string }) {
  if (type !== 'email') {
    if ((input.message?.length ?? 0) > CHAT_TEMPLATE_MAX) {
      throw new DomainError('INVALID_REQUEST_BODY', {
        fields: {
          message: [format(es.validation.schema.textTooLong, { maximum: CHAT_TEMPLATE_MAX })],
        },
      });
    }
    return input.subject === undefined ? {} : { subject: '' };
  }
  if (!input.subject) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { subject: [es.validation.required] },
    });
  }
  return {
    subject: input.subject,
    ...(input.message === undefined ? {} : { message: sanitizeSignature(input.message) }),
  };
}

export async function createQuickReply(
  deps: FileDeps,
  user: AuthUser,
  scope: z.infer<typeof ZQuickReplyScope>,
  raw: z.input<typeof ZQuickReplyInput>,
) {
  const { db } = deps;
  checkScope(user, scope);
  const input = ZQuickReplyInput.parse(raw);
  if (!input.message && !input.files.length) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { message: [es.validation.required] },
    });
  }
  const row = await insertTemplateRow(db, {
    tenantId: user.tenantId,
    ...input,
    ...emailFields(input.type, input),
    files: await checkedFiles(deps, user, input.files),
    name: input.title,
    entityType: scope,
    ownerId: scope === 'personal' ? user.id : null,
  });
  return managedView(row);
}

/** A quick reply the user may change: a company one for managers, a personal one for its owner. */
async function ownQuickReply(db: Executor, user: AuthUser, id: string) {
  const row = await findTemplateRow(db, user.tenantId, id);
  if (!row || (row.ownerId !== null && row.ownerId !== user.id)) throw new DomainError('NOT_FOUND');
  if (row.ownerId === null) checkScope(user, 'company');
  return row;
}

export async function updateQuickReply(
  deps: FileDeps,
  user: AuthUser,
  id: string,
  raw: z.input<typeof ZQuickReplyChange>,
) {
  const { db } = deps;
  const current = await ownQuickReply(db, user, id);
  const input = ZQuickReplyChange.parse(raw);
  const row = await updateTemplateRow(db, user.tenantId, id, {
    ...input,
    ...emailFields(input.type ?? current.type, { subject: current.subject, ...input }),
    ...(input.files ? { files: await checkedFiles(deps, user, input.files, current.files) } : {}),
    ...(input.title ? { name: input.title } : {}),
  });
  if (!row) throw new DomainError('NOT_FOUND');
  return managedView(row);
}

export async function removeQuickReply(db: Executor, user: AuthUser, id: string) {
  await ownQuickReply(db, user, id);
  await deleteTemplateById(db, user.tenantId, id);
  return { id };
}
