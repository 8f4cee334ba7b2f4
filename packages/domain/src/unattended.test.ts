import { describe, expect, it } from 'vitest';
import { isUnattended, UNATTENDED_AFTER_MS } from './contact-actions';

describe('unattended contact (03 §4: more than 24 hours without interaction)', () => {
  const now = Date.UTC(2026, 10, 29, 12);
  const at = (ms: number) => new Date(now - ms);

  it('counts from the last interaction', () => {
    expect(
      isUnattended({ lastInteractionAt: at(UNATTENDED_AFTER_MS + 1), createdAt: at(1e10) }, now),
    ).toBe(true);
    expect(
      isUnattended({ lastInteractionAt: at(UNATTENDED_AFTER_MS), createdAt: at(1e10) }, now),
    ).toBe(false);
  });

  it('counts from the creation when there is no interaction', () => {
    expect(
      isUnattended({ lastInteractionAt: null, createdAt: at(UNATTENDED_AFTER_MS + 1) }, now),
    ).toBe(true);
    expect(isUnattended({ lastInteractionAt: null, createdAt: at(60_000) }, now)).toBe(false);
  });
});
