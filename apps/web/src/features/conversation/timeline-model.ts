import type { RouterOutputs } from '../../lib/api-types';
import { es, format } from '@cartera/domain/i18n';
import { isLiveSuggestion } from '@cartera/domain/suggested-reminders';
import durationPlugin from 'dayjs/plugin/duration';
import relativeTimePlugin from 'dayjs/plugin/relativeTime';
import { dayjs } from '../../lib/dates';

dayjs.extend(durationPlugin);
dayjs.extend(relativeTimePlugin);

/** An interaction as the server lists it on the timeline. */
export type Interaction = RouterOutputs['interaction']['timeline']['items'][number];

/** 03 §4 Interaction local status: only items written here and not yet stored have one. */
export type LocalStatus = 'sending' | 'error';

/** What the timeline shows: a stored interaction, or one of ours on its way. */
export interface TimelineItem extends Interaction {
  localStatus?: LocalStatus;
}

export type TimelineRow =
  | { kind: 'day'; key: string; date: Date }
  | { kind: 'item'; key: string; item: TimelineItem; groupStart: boolean };

/**
 * Pages (newest page first, each oldest first) and the live items, in id order (ids are
 * time-ordered), then our outgoing ones the server has not listed yet: each id once.
 */
export function mergeTimeline(
  pages: ReadonlyArray<ReadonlyArray<Interaction>>,
  live: ReadonlyArray<Interaction>,
  outgoing: ReadonlyArray<TimelineItem>,
): TimelineItem[] {
  const byId = new Map<string, TimelineItem>();
  for (const page of pages)
    for (const item of page) if (!byId.has(item.id)) byId.set(item.id, item);
  for (const item of live) if (!byId.has(item.id)) byId.set(item.id, item);
  const stored = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return [...stored, ...outgoing.filter((item) => !byId.has(item.id))];
}

/** The latest message through one channel: when it was written, and the newest item's id. */
export interface ChannelActivity {
  at: Date;
  /**
   * The item that arrived last (ids are time-ordered UUIDv7 of arrival). A customer's message
   * shows the provider's time, which may be earlier than a message sent the same second: the
   * newest id changes with every message where the time may not.
   */
  itemId: string;
}

/** The timeline's latest message through each channel, by channel id. */
export function lastMessageByChannel(
  items: ReadonlyArray<TimelineItem>,
): Map<string, ChannelActivity> {
  const latest = new Map<string, ChannelActivity>();
  for (const item of items) {
    const channelId = item.content.channelId;
    if (item.type !== 'channelMessage' || typeof channelId !== 'string') continue;
    const at = new Date(item.createdAt);
    const known = latest.get(channelId);
    latest.set(channelId, {
      at: !known || at > known.at ? at : known.at,
      itemId: !known || item.id > known.itemId ? item.id : known.itemId,
    });
  }
  return latest;
}

/** The newest message the customer wrote through a channel, on screen (null: none). */
export function newestCustomerMessage(items: ReadonlyArray<TimelineItem>): string | null {
  let newest: { id: string; at: number } | null = null;
  for (const item of items) {
    if (item.type !== 'channelMessage' || item.content.origin !== 'contact') continue;
    const at = new Date(item.createdAt).getTime();
    if (!newest || at > newest.at) newest = { id: item.id, at };
  }
  return newest?.id ?? null;
}

/** The newest stored id on screen: where a catch-up asks `interaction.after` to start. */
export function newestStoredId(items: ReadonlyArray<TimelineItem>): string | null {
  for (let index = items.length - 1; index >= 0; index -= 1) {
    if (!items[index]!.localStatus) return items[index]!.id;
  }
  return null;
}

/** The ids of the newest `count` stored items (not ours on their way), oldest first. */
export function newestIds(items: ReadonlyArray<TimelineItem>, count: number): string[] {
  const ids: string[] = [];
  for (let index = items.length - 1; index >= 0 && ids.length < count; index -= 1) {
    if (!items[index]!.localStatus) ids.push(items[index]!.id);
  }
  return ids.reverse();
}

function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** Items of one author, type, origin and channel in a row share one header (03 §2.1). */
function sameGroup(a: TimelineItem, b: TimelineItem): boolean {
  return (
    a.type === b.type &&
    (a.via ?? '') === (b.via ?? '') &&
    (a.content.origin ?? null) === (b.content.origin ?? null) &&
    (a.content.channelId ?? null) === (b.content.channelId ?? null) &&
    (a.agent?.id ?? null) === (b.agent?.id ?? null) &&
    a.createdBySystem === b.createdBySystem
  );
}

/** The rows of the timeline: a separator at each new day, items marked where a group starts. */
export function timelineRows(items: ReadonlyArray<TimelineItem>): TimelineRow[] {
  const rows: TimelineRow[] = [];
  let previous: TimelineItem | null = null;
  for (const item of items) {
    const date = new Date(item.createdAt);
    const newDay = !previous || dayKey(new Date(previous.createdAt)) !== dayKey(date);
    if (newDay) rows.push({ kind: 'day', key: `day-${dayKey(date)}`, date });
    rows.push({
      kind: 'item',
      key: item.id,
      item,
      groupStart: newDay || !previous || !sameGroup(previous, item),
    });
    previous = item;
  }
  return rows;
}

/** 'today', 'yesterday' or null (then the date is written DD/MM/YYYY). */
export function relativeDay(date: Date, now: Date): 'today' | 'yesterday' | null {
  if (dayKey(date) === dayKey(now)) return 'today';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return dayKey(date) === dayKey(yesterday) ? 'yesterday' : null;
}

const UNANSWERED = new Set(['cancel', 'voicemail']);

/**
 * 03 §4 Phone call: for the last call of each run of calls in a row that did not reach the
 * contact, how many the run holds (other items between calls do not break the run).
 */
export function unansweredRuns(items: ReadonlyArray<TimelineItem>): Map<string, number> {
  const runs = new Map<string, number>();
  let run = 0;
  let last: string | null = null;
  for (const item of items) {
    if (item.type !== 'phoneCall') continue;
    const state = item.content.state ?? item.status;
    if (typeof state === 'string' && UNANSWERED.has(state)) {
      run += 1;
      last = item.id;
    } else {
      if (last && run > 0) runs.set(last, run);
      run = 0;
      last = null;
    }
  }
  if (last && run > 0) runs.set(last, run);
  return runs;
}

/** A suggested reminder still on offer (03 §4), with its place in the item's list. */
export interface LiveSuggestion {
  index: number;
  date: Date;
}

/** The suggestions of an item that are not done, not removed and still ahead. */
export function liveSuggestionsOf(
  item: Pick<TimelineItem, 'suggestions' | 'localStatus'>,
  now: Date,
): LiveSuggestion[] {
  if (item.localStatus) return [];
  return (item.suggestions ?? []).flatMap((suggestion, index) =>
    isLiveSuggestion(suggestion, now)
      ? [{ index, date: new Date(suggestion.content.reminderDate) }]
      : [],
  );
}

/** 03 §9: snoozing puts a reminder this far ahead. */
export const SNOOZE_HOURS = 24;

/** 03 §4: 'n horas' up to 24 hours, a human duration beyond ('2 días'). */
export function snoozeLabel(hours: number): string {
  if (hours <= 24)
    return hours === 1
      ? es.conversation.timeline.hour
      : format(es.conversation.timeline.hours, { n: hours });
  return dayjs.duration(hours, 'hours').locale('es').humanize();
}

/**
 * 03 §4 Snooze: offered when the contact has no reminder and the last group of the timeline is
 * an agent's (not the system's, not the contact's) and not a phone call.
 */
export function offersSnooze(items: ReadonlyArray<TimelineItem>, hasReminder: boolean): boolean {
  if (hasReminder) return false;
  const last = items[items.length - 1];
  if (!last) return false;
  return last.agent !== null && !last.createdBySystem && last.type !== 'phoneCall';
}
