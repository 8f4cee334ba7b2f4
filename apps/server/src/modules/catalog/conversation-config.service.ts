import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import {
  ZCrmConfig,
  type CrmConfig,
  type ZCrmConfigChanges,
  type ZFeedbackRolesInput,
  type ZVisitCommentInput,
  type ZVisitResultChanges,
  type ZVisitResultInput,
} from '@cartera/domain/conversation-config';
import { DEFAULT_VISIT_RULES } from '@cartera/domain/conversation';
import { DomainError } from '@cartera/domain/errors';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import {
  MAX_SHORTCUTS,
  shortcutSampleUrl,
  ZShortcut,
  type Shortcut,
  type ZShortcutInput,
} from '@cartera/domain/shortcuts';
import { checkOutboundUrl } from '../../lib/outbound';
import {
  changeTenantSection,
  changeTenantSections,
  tenantSettings,
} from '../tenant-settings/tenant-settings.service';

/*
 * The conversation configuration of 'Mi Empresa' (03 §3 Group configuration; issue #17): the
 * shortcuts, visit results and comment rules, feedback roles and crmConfig. Each lives in the
 * tenant's `configs` section its readers use (docs/decisions.md), written under the root group's
 * row lock so two editors never lose each other's change.
 */

const conversation = (db: Executor, tenantId: string) =>
  tenantSettings(db, tenantId, 'conversation');

// ---------------------------------------------------------------------------------------------
// Shortcuts (03 §3 Shortcut)

export const ZShortcutRow = ZShortcut;

/** The company's shortcuts in their order (the conversation's tabs and info panel). */
export async function listShortcuts(db: Executor, tenantId: string): Promise<Shortcut[]> {
  return (await conversation(db, tenantId)).shortcuts;
}

/**
 * A shortcut's address must not point inside a private network: a literal private, loopback or
 * link-local address (or `localhost`) is refused as the outbound guard refuses it, unless the
 * operator allowed the host. The browser opens it, not the server, so names are not resolved.
 */
function assertPublicTemplate(template: string) {
  const sample = shortcutSampleUrl(template);
  if (!sample) return;
  const refuse = () =>
    new DomainError('OUTBOUND_URL_NOT_ALLOWED', {
      fields: { url: [errorMessage('OUTBOUND_URL_NOT_ALLOWED')] },
    });
  let host: string;
  try {
    const { url, exempt } = checkOutboundUrl(sample);
    if (exempt) return;
    host = url.hostname.toLowerCase();
  } catch {
    throw refuse();
  }
  if (host === 'localhost' || host.endsWith('.localhost')) throw refuse();
}

type ShortcutValues = z.output<typeof ZShortcutInput>;

export function createShortcut(
  db: Database,
  tenantId: string,
  input: ShortcutValues,
): Promise<Shortcut> {
  assertPublicTemplate(input.url);
  return changeTenantSection(db, tenantId, 'conversation', ({ shortcuts }) => {
    if (shortcuts.length >= MAX_SHORTCUTS) {
      throw new DomainError('INVALID_REQUEST_BODY', {
        fields: { title: [format(es.company.shortcuts.tooMany, { max: MAX_SHORTCUTS })] },
      });
    }
    const shortcut = ZShortcut.parse({ ...input, id: newId() });
    return { values: { shortcuts: [...shortcuts, shortcut] }, result: shortcut };
  });
}

export function updateShortcut(
  db: Database,
  tenantId: string,
  id: string,
  input: ShortcutValues,
): Promise<Shortcut> {
  assertPublicTemplate(input.url);
  return changeTenantSection(db, tenantId, 'conversation', ({ shortcuts }) => {
    if (!shortcuts.some((each) => each.id === id)) throw new DomainError('SHORTCUT_NOT_FOUND');
    const shortcut = ZShortcut.parse({ ...input, id });
    return {
      values: { shortcuts: shortcuts.map((each) => (each.id === id ? shortcut : each)) },
      result: shortcut,
    };
  });
}

export function deleteShortcut(db: Database, tenantId: string, id: string): Promise<Shortcut[]> {
  return changeTenantSection(db, tenantId, 'conversation', ({ shortcuts }) => {
    if (!shortcuts.some((each) => each.id === id)) throw new DomainError('SHORTCUT_NOT_FOUND');
    const rest = shortcuts.filter((each) => each.id !== id);
    return { values: { shortcuts: rest }, result: rest };
  });
}

/** The shortcuts in the order of `ids`, which must name each stored shortcut once. */
export function orderShortcuts(
  db: Database,
  tenantId: string,
  ids: readonly string[],
): Promise<Shortcut[]> {
  return changeTenantSection(db, tenantId, 'conversation', ({ shortcuts }) => {
    const same =
      ids.length === shortcuts.length &&
      new Set(ids).size === ids.length &&
      shortcuts.every((each) => ids.includes(each.id));
    if (!same) {
      throw new DomainError('INVALID_REQUEST_BODY', {
        fields: { ids: [es.company.shortcuts.orderStale] },
      });
    }
    const ordered = ids.map((id) => shortcuts.find((each) => each.id === id)!);
    return { values: { shortcuts: ordered }, result: ordered };
  });
}

// ---------------------------------------------------------------------------------------------
// Visit results and comment rules (03 §3 Visit result, §5)

export const ZVisitResultRow = z.object({
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
});
type VisitResult = z.infer<typeof ZVisitResultRow>;

/** Every visit result of the company, active or not, in the order they were created. */
export async function allVisitResults(db: Executor, tenantId: string): Promise<VisitResult[]> {
  return (await conversation(db, tenantId)).visitResults;
}

export function createVisitResult(
  db: Database,
  tenantId: string,
  input: z.output<typeof ZVisitResultInput>,
): Promise<VisitResult> {
  return changeTenantSection(db, tenantId, 'conversation', ({ visitResults }) => {
    if (visitResults.some((each) => each.code === input.code)) {
      throw new DomainError('VISIT_RESULT_CODE_TAKEN');
    }
    const result = { code: input.code, name: input.name, active: input.active };
    return { values: { visitResults: [...visitResults, result] }, result };
  });
}

/** A result's name and active, never its code (the visits written keep it). */
export function updateVisitResult(
  db: Database,
  tenantId: string,
  code: string,
  changes: z.output<typeof ZVisitResultChanges>,
): Promise<VisitResult> {
  return changeTenantSection(db, tenantId, 'conversation', ({ visitResults }) => {
    if (!visitResults.some((each) => each.code === code)) {
      throw new DomainError('VISIT_RESULT_NOT_FOUND');
    }
    const result = { code, name: changes.name, active: changes.active };
    return {
      values: { visitResults: visitResults.map((each) => (each.code === code ? result : each)) },
      result,
    };
  });
}

export const ZConversationRules = z.object({
  visitComment: z.object({ required: z.boolean(), minChars: z.number(), maxChars: z.number() }),
  feedbackRoles: z.array(z.string()),
});
type ConversationRules = z.infer<typeof ZConversationRules>;

/** The visit comment rules (the defaults of 03 §5 until set) and the feedback roles. */
export async function conversationRules(
  db: Executor,
  tenantId: string,
): Promise<ConversationRules> {
  const config = await conversation(db, tenantId);
  return {
    visitComment: config.visitComment ?? {
      required: DEFAULT_VISIT_RULES.commentRequired,
      minChars: DEFAULT_VISIT_RULES.minChars,
      maxChars: DEFAULT_VISIT_RULES.maxChars,
    },
    feedbackRoles: config.feedbackRoles,
  };
}

export async function saveVisitComment(
  db: Database,
  tenantId: string,
  input: z.output<typeof ZVisitCommentInput>,
): Promise<ConversationRules> {
  await changeTenantSection(db, tenantId, 'conversation', () => ({
    values: { visitComment: input },
    result: null,
  }));
  return conversationRules(db, tenantId);
}

export async function saveFeedbackRoles(
  db: Database,
  tenantId: string,
  input: z.output<typeof ZFeedbackRolesInput>,
): Promise<ConversationRules> {
  await changeTenantSection(db, tenantId, 'conversation', () => ({
    values: { feedbackRoles: input.roles },
    result: null,
  }));
  return conversationRules(db, tenantId);
}

// ---------------------------------------------------------------------------------------------
// crmConfig (03 §3 Group configuration)

export { ZCrmConfig };

interface Stored {
  sale: { manualSales?: { active: boolean; roles: string[] } | undefined };
  contacts: { subConversationRoles?: string[] | undefined };
  conversation: { enableMeetings?: boolean | undefined };
}

function crmOf(current: Stored): CrmConfig {
  return {
    manualSales: current.sale.manualSales ?? { active: false, roles: [] },
    enableMeetings: current.conversation.enableMeetings === true,
    canRolesCreateSubConversations: current.contacts.subConversationRoles ?? ['all'],
  };
}

/**
 * crmConfig read from where each part is kept: manual sales in `configs.sale` (receipt.config
 * reads them), sub-conversation roles in `configs.contacts` (the contact's actions read them),
 * meetings in `configs.conversation`.
 */
export async function crmConfig(db: Executor, tenantId: string): Promise<CrmConfig> {
  const [sale, contacts, conversationConfig] = await Promise.all([
    tenantSettings(db, tenantId, 'sale'),
    tenantSettings(db, tenantId, 'contacts'),
    conversation(db, tenantId),
  ]);
  return crmOf({ sale, contacts, conversation: conversationConfig });
}

/** Changes what `changes` names of crmConfig, in one write; the rest stays. */
export function saveCrmConfig(
  db: Database,
  tenantId: string,
  changes: z.output<typeof ZCrmConfigChanges>,
): Promise<CrmConfig> {
  return changeTenantSections(
    db,
    tenantId,
    ['sale', 'contacts', 'conversation'] as const,
    (current) => {
      const values: Partial<Record<'sale' | 'contacts' | 'conversation', Record<string, unknown>>> =
        {};
      if (changes.manualSales) values.sale = { manualSales: changes.manualSales };
      if (changes.canRolesCreateSubConversations) {
        values.contacts = { subConversationRoles: changes.canRolesCreateSubConversations };
      }
      if (changes.enableMeetings !== undefined) {
        values.conversation = { enableMeetings: changes.enableMeetings };
      }
      const next = crmOf({
        sale: { ...current.sale, ...values.sale },
        contacts: { ...current.contacts, ...values.contacts },
        conversation: { ...current.conversation, ...values.conversation },
      } as Stored);
      return { values, result: next };
    },
  );
}
