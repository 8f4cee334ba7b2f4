import { es, format } from '@cartera/domain/i18n';

const t = es.conversation.calls;

/** Call states that count as not reaching the contact (03 §4 Phone call). */
const UNANSWERED_STATES = new Set(['cancel', 'voicemail']);

/**
 * How many calls in a row, counting back from the newest, ended without reaching the contact.
 * `states` are the calls' states oldest first; a call still calling or answered ends the run.
 */
export function unansweredRun(states: readonly string[]): number {
  let run = 0;
  for (let index = states.length - 1; index >= 0; index -= 1) {
    if (!UNANSWERED_STATES.has(states[index]!)) break;
    run += 1;
  }
  return run;
}

/**
 * The counter shown on a run of unanswered calls (03 §4): nothing for one or two, the count from
 * three on, and '+9 llamadas sin respuesta' past nine.
 */
export function unansweredLabel(count: number): string | null {
  if (count <= 2) return null;
  if (count > 9) return t.unansweredMany;
  return format(t.unanswered, { n: count });
}

/** A call's duration (03 §4): m:ss, or H:mm:ss above an hour (3600 s). */
export function formatCallDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const ss = String(seconds % 60).padStart(2, '0');
  if (seconds > 3600) {
    const hours = Math.floor(seconds / 3600);
    const mm = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
    return `${hours}:${mm}:${ss}`;
  }
  return `${Math.floor(seconds / 60)}:${ss}`;
}
