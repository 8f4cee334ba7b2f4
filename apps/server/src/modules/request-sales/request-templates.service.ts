import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import type { RequestTemplateRow } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import { newId, ZId } from '@cartera/domain/ids';
import { can, flagOn } from '@cartera/domain/policy';
import {
  mayUseTemplate,
  ZRequestField,
  ZRequestTemplateInput,
  ZStatusOption,
  type RequestTemplateRules,
} from '@cartera/domain/request-sales';
import { ROLES } from '@cartera/domain/roles';
import type { AuthUser } from '../sessions/session.types';
import { changeTenantSection } from '../tenant-settings/tenant-settings.service';
import {
  clearOtherDefaults,
  findDefaultTemplate,
  findTemplate,
  findTemplates,
  insertTemplate,
  updateTemplate,
} from './request-templates.repository';

/*
 * Request templates (02 §3 Request template, Template field; issue #15): the company's
 * templates, the editor's writes (admins and commercial users), and the rules of a stored
 * template as the domain module reads them. The request-sale flag (01 §6) is checked here for
 * every request call; template management does not need it.
 */

export const ZTemplateUpdateInput = z.object({ id: ZId, data: ZRequestTemplateInput });

export const ZRequestTemplate = z.object({
  id: z.string(),
  title: z.string(),
  roles: z.array(z.enum(ROLES)),
  body: z.array(ZRequestField),
  lineBody: z.array(ZRequestField),
  allowedModificationStates: z.array(z.string()),
  allowAdvisorsToChangeStatus: z.boolean(),
  statusOptions: z.array(ZStatusOption),
  stateslistEnabledToChange: z.array(ZStatusOption),
  isDefault: z.boolean(),
  active: z.boolean(),
  /** Whether the caller's roles let them interact with it (02 §6 roles warning). */
  usable: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export type RequestTemplateView = z.infer<typeof ZRequestTemplate>;

// ---------------------------------------------------------------------------------------------
// Templates.

const ZFields = z.array(ZRequestField);

/** The rules of a stored template (stored through ZRequestTemplateInput, read as its output). */
export function rulesOf(row: RequestTemplateRow): RequestTemplateRules {
  return {
    roles: row.roles as RequestTemplateRules['roles'],
    body: ZFields.parse(row.body),
    lineBody: ZFields.parse(row.lineBody),
    allowedModificationStates: row.allowedModificationStates,
    allowAdvisorsToChangeStatus: row.allowAdvisorsToChangeStatus,
    statusOptions: row.statusOptions,
    stateslistEnabledToChange: row.stateslistEnabledToChange,
  };
}

function templateView(row: RequestTemplateRow, user: AuthUser): RequestTemplateView {
  const rules = rulesOf(row);
  return {
    id: row.id,
    title: row.title,
    ...rules,
    isDefault: row.isDefault,
    active: row.active,
    usable: mayUseTemplate(rules, { id: user.id, roles: user.roles }),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** 01 §6: the request-sale flag on and not disabled. Template management stays open. */
export function assertEnabled(user: AuthUser) {
  if (!flagOn(user, 'requestSale') || flagOn(user, 'disableRequestSale')) {
    throw new DomainError('DISABLED_FEATURE');
  }
}

/**
 * A use case of request sales on a caller's raw input: the feature on for the caller
 * (assertEnabled), then the input parsed by `schema` and handed to `run`.
 */
export function requestUseCase<S extends z.ZodType, D, R>(
  schema: S,
  run: (db: D, user: AuthUser, input: z.output<S>) => Promise<R>,
) {
  return async (db: D, user: AuthUser, raw: z.input<S>): Promise<R> => {
    assertEnabled(user);
    return run(db, user, schema.parse(raw));
  };
}

export async function requireTemplate(db: Executor, user: AuthUser, id: string, forUpdate = false) {
  const row = await findTemplate(db, user.tenantId, id, { forUpdate });
  if (!row) throw new DomainError('REQUEST_TEMPLATE_NOT_FOUND');
  return row;
}

export async function listTemplates(
  db: Executor,
  user: AuthUser,
  input: { includeInactive?: boolean | undefined },
) {
  const manager = can(user, 'manageRequestTemplates');
  const rows = await findTemplates(db, user.tenantId, {
    includeInactive: manager && input.includeInactive === true,
  });
  return rows.map((row) => templateView(row, user));
}

export async function getTemplate(db: Executor, user: AuthUser, id: string) {
  return templateView(await requireTemplate(db, user, id), user);
}

/** The default template (the one marked, else the oldest active one); null when none. */
export async function defaultTemplate(db: Executor, user: AuthUser) {
  const row = await findDefaultTemplate(db, user.tenantId);
  return row ? templateView(row, user) : null;
}

function templateValues(input: z.output<typeof ZRequestTemplateInput>) {
  return {
    title: input.title,
    roles: input.roles,
    body: input.body as unknown as Record<string, unknown>[],
    lineBody: input.lineBody as unknown as Record<string, unknown>[],
    allowedModificationStates: input.allowedModificationStates,
    allowAdvisorsToChangeStatus: input.allowAdvisorsToChangeStatus,
    statusOptions: input.statusOptions,
    stateslistEnabledToChange: input.stateslistEnabledToChange,
    isDefault: input.isDefault,
  };
}

export async function createTemplate(
  db: Database,
  user: AuthUser,
  raw: z.input<typeof ZRequestTemplateInput>,
) {
  const input = ZRequestTemplateInput.parse(raw);
  const id = newId();
  await db.transaction(async (tx) => {
    await insertTemplate(tx, {
      tenantId: user.tenantId,
      id,
      createdBy: user.id,
      ...templateValues(input),
    });
    if (input.isDefault) await clearOtherDefaults(tx, user.tenantId, id);
  });
  return getTemplate(db, user, id);
}

export async function updateTemplateById(
  db: Database,
  user: AuthUser,
  raw: z.input<typeof ZTemplateUpdateInput>,
) {
  const { id, data } = ZTemplateUpdateInput.parse(raw);
  await db.transaction(async (tx) => {
    await requireTemplate(tx, user, id, true);
    await updateTemplate(tx, user.tenantId, id, templateValues(data));
    if (data.isDefault) await clearOtherDefaults(tx, user.tenantId, id);
  });
  return getTemplate(db, user, id);
}

/** Deactivates (or reactivates) a template: its requests stay; it takes no new ones. */
export async function setTemplateActive(
  db: Database,
  user: AuthUser,
  input: { id: string; active: boolean },
) {
  await db.transaction(async (tx) => {
    await requireTemplate(tx, user, input.id, true);
    await updateTemplate(tx, user.tenantId, input.id, {
      active: input.active,
      ...(input.active ? {} : { isDefault: false }),
    });
  });
  return getTemplate(db, user, input.id);
}

/** 01 §2: the company's own name of /comercial/requestsale; empty brings back 'Solicitudes'. */
export const ZRequestSaleLabelInput = z.object({
  label: z.string().trim().max(40, { error: es.requestSalesOffice.label.tooLong }).nullable(),
});

export function setRequestSaleLabel(
  db: Database,
  user: AuthUser,
  input: z.infer<typeof ZRequestSaleLabelInput>,
): Promise<{ label: string | null }> {
  const label = input.label ? input.label : null;
  return changeTenantSection(db, user.tenantId, 'sale', () => ({
    values: { requestSaleLabel: label ?? undefined },
    result: { label },
  }));
}
