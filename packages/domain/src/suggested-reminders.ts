import { foldText } from './search';
import { atZoneHour, COMPANY_TIME_ZONE } from './time-zone';

/**
 * Suggested reminders (03 §3 Interaction `suggestions`, §4, §9). The server reads the text of a
 * note (and later of incoming messages) and, when it speaks of a future time in Spanish ("el mes
 * que viene", "en 3 meses", "el año que viene"…), offers a reminder at one of the spec's preset
 * dates: next month (first day, day 15, end of month), in 2, 3, 6 or 9 months, in 1, 2 or 3
 * years. Past phrases ("hace 2 meses", "el mes pasado") suggest nothing.
 */

/** One suggestion as stored on the interaction; the same shape as the `suggestions` column. */
export interface ReminderSuggestion {
  content: { reminderDate: string };
  done: boolean;
  removed: boolean;
}

/** Suggestions fall at 09:00 on the company's clock (COMPANY_TIME_ZONE). */
const SUGGESTION_HOUR = 9;

/** The preset offsets of 03 §9 a text may name. */
const MONTH_OFFSETS = new Set([2, 3, 6, 9]);
const YEAR_OFFSETS = new Set([1, 2, 3]);

const NUMBER_WORDS: Record<string, number> = {
  un: 1,
  uno: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  veinticuatro: 24,
  treinta: 30,
  'treinta y seis': 36,
};

const NUMBER = `(\\d{1,2}|treinta y seis|${Object.keys(NUMBER_WORDS)
  .filter((word) => word !== 'treinta y seis')
  .join('|')})`;
/** "en", "dentro de", "de acá a", "en los próximos", optionally "unos": always ahead. */
const AHEAD = '(?:en|dentro de|de aca a|en los proximos|en las proximas)(?: unos| unas)?';
const NEXT_MONTH = '(?:mes que viene|proximo mes|mes proximo|mes siguiente)';
const NEXT_YEAR = '(?:ano que viene|proximo ano|ano proximo|ano siguiente)';

type Anchor =
  { kind: 'nextMonth'; day: 'first' | 'middle' | 'end' } | { kind: 'months'; count: number };

const RULES: Array<{ pattern: RegExp; anchors: (match: RegExpExecArray) => Anchor[] }> = [
  {
    pattern: new RegExp(`\\b(?:a|para|hacia) mediados del? ${NEXT_MONTH}\\b`, 'g'),
    anchors: () => [{ kind: 'nextMonth', day: 'middle' }],
  },
  {
    pattern: new RegExp(
      `\\b(?:a|para|hacia) (?:fin|fines|final|finales) del? ${NEXT_MONTH}\\b`,
      'g',
    ),
    anchors: () => [{ kind: 'nextMonth', day: 'end' }],
  },
  {
    pattern: new RegExp(`\\b${NEXT_MONTH}\\b`, 'g'),
    anchors: () => [{ kind: 'nextMonth', day: 'first' }],
  },
  {
    // "en un mes", "dentro de un mes": the first day of next month is the nearest preset.
    pattern: new RegExp(`\\b${AHEAD} (?:un|1) mes\\b`, 'g'),
    anchors: () => [{ kind: 'nextMonth', day: 'first' }],
  },
  {
    // "en 2 o 3 meses", "dentro de 6 a 9 meses": both ends.
    pattern: new RegExp(`\\b${AHEAD} ${NUMBER}(?: (?:o|a|y) ${NUMBER})? meses\\b`, 'g'),
    anchors: (match) =>
      [match[1], match[2]].flatMap((word) =>
        word === undefined ? [] : [{ kind: 'months' as const, count: numberOf(word) }],
      ),
  },
  {
    pattern: new RegExp(`\\b${AHEAD} (?:medio ano|seis meses)\\b`, 'g'),
    anchors: () => [{ kind: 'months', count: 6 }],
  },
  {
    pattern: new RegExp(`\\b${NEXT_YEAR}\\b`, 'g'),
    anchors: () => [{ kind: 'months', count: 12 }],
  },
  {
    pattern: new RegExp(`\\b${AHEAD} (?:un|1) ano\\b`, 'g'),
    anchors: () => [{ kind: 'months', count: 12 }],
  },
  {
    pattern: new RegExp(`\\b${AHEAD} ${NUMBER}(?: (?:o|a|y) ${NUMBER})? anos\\b`, 'g'),
    anchors: (match) =>
      [match[1], match[2]].flatMap((word) =>
        word === undefined ? [] : [{ kind: 'months' as const, count: numberOf(word) * 12 }],
      ),
  },
];

function numberOf(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? 0);
}

/** Only the spec's presets are suggested: 2, 3, 6, 9 months; 1, 2, 3 years. */
function isPreset(anchor: Anchor): boolean {
  if (anchor.kind === 'nextMonth') return true;
  if (MONTH_OFFSETS.has(anchor.count)) return true;
  return anchor.count % 12 === 0 && YEAR_OFFSETS.has(anchor.count / 12);
}

/** Year, month (0-11) and day of an instant on the calendar of a time zone. */
function calendarDay(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(instant);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: value('year'), month: value('month') - 1, day: value('day') };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function dateOf(anchor: Anchor, today: { year: number; month: number; day: number }, zone: string) {
  if (anchor.kind === 'nextMonth') {
    const month = today.month + 1;
    const day =
      anchor.day === 'first' ? 1 : anchor.day === 'middle' ? 15 : daysInMonth(today.year, month);
    return atZoneHour(today.year, month, day, SUGGESTION_HOUR, zone);
  }
  // Same day N months on; the 31st becomes the month's last day.
  const month = today.month + anchor.count;
  const day = Math.min(today.day, daysInMonth(today.year, month));
  return atZoneHour(today.year, month, day, SUGGESTION_HOUR, zone);
}

/**
 * The preset reminder dates a text speaks of, earliest first, each once. Accents and case do
 * not matter; numbers may be digits or words ("dos", "tres", "seis", "nueve").
 */
export function suggestedReminderDates(
  text: string,
  now: Date | { toDate(): Date },
  timeZone: string = COMPANY_TIME_ZONE,
): Date[] {
  const instant = now instanceof Date ? now : now.toDate();
  let folded = ` ${foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\s+/g, ' ')} `;
  const anchors: Anchor[] = [];
  for (const rule of RULES) {
    folded = folded.replace(rule.pattern, (...args) => {
      const match = args.slice(0, -2) as unknown as RegExpExecArray;
      anchors.push(...rule.anchors(match));
      // A phrase counts once: "a mediados del mes que viene" is not also "el mes que viene".
      return ' ';
    });
  }
  const today = calendarDay(instant, timeZone);
  const times = new Set<number>();
  for (const anchor of anchors) {
    if (!isPreset(anchor)) continue;
    const date = dateOf(anchor, today, timeZone);
    if (date.getTime() > instant.getTime()) times.add(date.getTime());
  }
  return [...times].sort((a, b) => a - b).map((time) => new Date(time));
}

/** The suggestions to store on an interaction written at `now` with this text. */
export function suggestReminders(
  text: string,
  now: Date | { toDate(): Date },
  timeZone: string = COMPANY_TIME_ZONE,
): ReminderSuggestion[] {
  return suggestedReminderDates(text, now, timeZone).map((date) => ({
    content: { reminderDate: date.toISOString() },
    done: false,
    removed: false,
  }));
}

/** 03 §4: a suggestion shows while it is not done, not removed and its date is ahead. */
export function isLiveSuggestion(suggestion: ReminderSuggestion, now: Date): boolean {
  if (suggestion.done || suggestion.removed) return false;
  const time = Date.parse(suggestion.content.reminderDate);
  return Number.isFinite(time) && time > now.getTime();
}
