/**
 * 'Historial de acciones' (/actionsHistory, 01 §2; issue #44 item 2): who did what to which
 * contact or record, and when. Three sources are read as one list, newest first: what users did
 * on contacts' timelines (the interaction types below, written by a user), their sessions
 * (`user_actions`: sign-ins, sign-outs, password changes, account switches) and the company's
 * administrative changes (`audit_log`). Customers' and sellers' messages are not actions here:
 * the conversations hold them (docs/decisions.md).
 */
import { z } from 'zod';
import { ZInputDate } from './input';
import { actionsHistoryEs } from './i18n/actions-history.es';
import { adminEs } from './i18n/admin.es';
import { format } from './i18n/errors.es';
import { es } from './i18n/es';

/** Rows a page of the history holds. */
export const ACTIONS_HISTORY_PAGE = 50;

/** Each action of the filter, with the timeline item types it covers. */
export const HISTORY_KIND_TYPES = {
  note: ['note'],
  tag: ['tag', 'tagChange'],
  reminder: ['reminder'],
  transfer: ['transfer'],
  archiving: ['archiving'],
  phoneCall: ['phoneCall'],
  visit: ['visit'],
  meeting: ['meeting'],
  contactTaken: ['contactTaken'],
  unify: ['unify'],
  subconversation: ['subconversation-created', 'subconversation-closed'],
  feedback: ['feedback'],
  disregarded: ['disregarded'],
  sale: ['sale'],
  saleupdate: ['saleupdate'],
  scheduledMessage: ['scheduled-message'],
  session: [],
  administration: [],
} as const satisfies Record<keyof typeof actionsHistoryEs.kinds, readonly string[]>;

export type HistoryKind = keyof typeof HISTORY_KIND_TYPES;
export const HISTORY_KINDS = Object.keys(HISTORY_KIND_TYPES) as HistoryKind[];

/**
 * The timeline item types that are a user's action. The partial indexes of the history
 * (migration 'actions_history') name the same list: change both together.
 */
export const HISTORY_INTERACTION_TYPES: readonly string[] =
  Object.values(HISTORY_KIND_TYPES).flat();

/** The action a timeline item type is, if it is one. */
export function historyKindOfType(type: string): HistoryKind | undefined {
  return HISTORY_KINDS.find((kind) =>
    (HISTORY_KIND_TYPES[kind] as readonly string[]).includes(type),
  );
}

export const ZActionsHistoryFilters = z.object({
  /** One user's actions (a user the caller reaches). */
  userId: z.uuid().optional(),
  /** The actions of a group's users, its subgroups included (a group the caller reaches). */
  groupId: z.uuid().optional(),
  kind: z.enum(HISTORY_KINDS as [HistoryKind, ...HistoryKind[]]).optional(),
  /** From this moment on (the start of the first day, in the user's time zone). */
  from: ZInputDate.optional(),
  /** Before this moment (the start of the day after the last). */
  to: ZInputDate.optional(),
});
export type ActionsHistoryFilters = z.infer<typeof ZActionsHistoryFilters>;

export const ZActionsHistoryInput = ZActionsHistoryFilters.extend({
  /** The id of the last entry already shown: the next page comes after it. */
  cursor: z.uuid().nullish(),
});

export const ZHistoryRecord = z.object({
  type: z.enum(['contact', 'user', 'group', 'company', 'other']),
  id: z.string(),
  /** Null when the record no longer exists or has no name. */
  name: z.string().nullable(),
});

export const ZActionsHistoryEntry = z.object({
  id: z.string(),
  at: z.date(),
  kind: z.enum(HISTORY_KINDS as [HistoryKind, ...HistoryKind[]]),
  /** What was done, in Spanish ('Transferencia', 'Inició sesión', 'Modificó el usuario'…). */
  label: z.string(),
  /** Who did it; null for a user deleted since. */
  user: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Done by someone else using the user's account (an admin's account switch). */
  byAnotherUser: z.boolean(),
  record: ZHistoryRecord.nullable(),
  /** The action's structured detail in Spanish (never what a person typed in a note). */
  detail: z.string().nullable(),
});
export type ActionsHistoryEntry = z.infer<typeof ZActionsHistoryEntry>;

export const ZActionsHistoryPage = z.object({
  entries: z.array(ZActionsHistoryEntry),
  nextCursor: z.string().nullable(),
});

const texts = actionsHistoryEs;
const details = texts.details;

/** A value of a stored item read as text (empty when absent). */
function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** `m:ss` of a call's seconds. */
function duration(seconds: number) {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * What a timeline item says in the history: its label and its structured detail. Free text a
 * person wrote (a note's body, a comment, a transfer's description) is left out: the history
 * shows what was done, the contact's timeline what was said.
 */
export function describeTimelineAction(
  type: string,
  content: Record<string, unknown>,
): { kind: HistoryKind; label: string; detail: string | null } | undefined {
  const kind = historyKindOfType(type);
  if (!kind) return undefined;
  return { kind, label: texts.kinds[kind], detail: timelineDetail(type, content) };
}

function timelineDetail(type: string, content: Record<string, unknown>): string | null {
  switch (type) {
    case 'tag':
    case 'tagChange': {
      const from = text(content.from);
      const to = text(content.to);
      if (from && to) return format(details.tagChanged, { from, to });
      if (to) return format(details.tagSet, { to });
      return from ? format(details.tagRemoved, { from }) : null;
    }
    case 'transfer': {
      const to = content.toUser as { name?: unknown; lastname?: unknown } | undefined;
      const name = [text(to?.name), text(to?.lastname)].filter(Boolean).join(' ');
      return name ? format(details.transferTo, { name }) : null;
    }
    case 'archiving': {
      const reason = text(content.toName) || text(content.to);
      return reason ? format(details.archivedAs, { reason }) : details.unarchived;
    }
    case 'reminder':
      if (content.cancellationSource) return details.reminderCanceled;
      return content.isPermanent === true ? details.reminderPermanent : null;
    case 'phoneCall':
      switch (content.state) {
        case 'done':
          return format(details.callDone, {
            duration: duration(Number(content.callDuration ?? 0)),
          });
        case 'calling':
          return details.callCalling;
        case 'cancel':
          return details.callCancel;
        case 'voicemail':
          return details.callVoicemail;
        default:
          return null;
      }
    case 'visit':
      return text(content.state)
        ? format(details.visitState, { state: text(content.state) })
        : null;
    case 'sale':
      if (content.type === 'cancellation') return details.saleCanceled;
      return text(content.status)
        ? format(details.saleState, { state: text(content.status) })
        : null;
    case 'saleupdate': {
      const title = text(content.title);
      if (content.type === 'created') return format(details.requestCreated, { title });
      if (content.type === 'comment') return format(details.requestComment, { title });
      return format(details.requestChanged, { title });
    }
    case 'subconversation-created':
      return details.subconversationCreated;
    case 'subconversation-closed':
      return details.subconversationClosed;
    default:
      return null;
  }
}

/** A session's action ('Inició sesión'…), as the 'Actividad' dialog names it. */
export function describeSessionAction(type: string, metadata: Record<string, unknown>) {
  const types = es.activity.types as Record<string, string>;
  const label = types[type] ? format(types[type], { to: text(metadata.to) }) : es.activity.unknown;
  return { kind: 'session' as const, label, detail: null };
}

/** An administrative change ('Modificó el usuario'…), as 'Historial de cambios' names it. */
export function describeAdministrationAction(action: string, targetType: string) {
  const actions = adminEs.audit.actions as Record<string, string>;
  const targets = adminEs.audit.targets as Record<string, string>;
  return {
    kind: 'administration' as const,
    label: actions[action] ?? action,
    detail: targets[targetType] ?? null,
  };
}
