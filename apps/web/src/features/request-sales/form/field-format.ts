import type { RequestLine } from '@cartera/domain/request-sales';

/**
 * A stored day (YYYY/MM/DD, with its time for a datetime, 02 §9) as the user reads and types it,
 * DD/MM/YYYY; anything else (a half-typed text) as it is.
 */
export function shownDay(value: string): string {
  const match = /^(\d{4})\/(\d{2})\/(\d{2})(.*)$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}${match[4]}` : value;
}

/** The 'Prepagos' codes a save sends: the lone empty first line the form shows is no line. */
export function linesToSend(lines: readonly RequestLine[]): RequestLine[] {
  return lines.length === 1 && !lines[0]!.code.trim() ? [] : [...lines];
}
