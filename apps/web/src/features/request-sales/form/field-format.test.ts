import { describe, expect, it } from 'vitest';
import { requestDateTime, requestDay } from '@cartera/domain/request-sales';
import { linesToSend, shownDay } from './field-format';

describe('shownDay', () => {
  it('shows a stored day and date-time as DD/MM/YYYY', () => {
    expect(shownDay('2026/03/31')).toBe('31/03/2026');
    expect(shownDay('2026/03/31 09:05')).toBe('31/03/2026 09:05');
  });

  it('leaves a half-typed text as the user wrote it', () => {
    expect(shownDay('31/0')).toBe('31/0');
    expect(shownDay('')).toBe('');
  });

  it('round-trips with what the server stores', () => {
    expect(shownDay(requestDay('31/12/2025')!)).toBe('31/12/2025');
    expect(shownDay(requestDateTime('01/02/2026 23:59')!)).toBe('01/02/2026 23:59');
  });
});

describe('linesToSend', () => {
  it('sends no line for the lone empty first line', () => {
    expect(linesToSend([{ code: '  ' }])).toEqual([]);
    expect(linesToSend([])).toEqual([]);
  });

  it('keeps the codes typed, and an empty one among others for its error', () => {
    expect(linesToSend([{ code: 'PRE-1' }])).toEqual([{ code: 'PRE-1' }]);
    expect(linesToSend([{ code: 'PRE-1' }, { code: '' }])).toEqual([
      { code: 'PRE-1' },
      { code: '' },
    ]);
  });
});
