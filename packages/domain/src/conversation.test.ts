import { describe, expect, it } from 'vitest';
import { reasonsForUser, reminderDateFor, ZArchivingReason } from './conversation';

const reason = (input: Record<string, unknown>) => ZArchivingReason.parse({ name: 'x', ...input });

describe('motivos de archivo visibles (03 §5)', () => {
  it('oculta los inactivos, los limitados a otros roles y los que no cumplen los filtros', () => {
    const reasons = [
      reason({ code: 'a' }),
      reason({ code: 'inactivo', active: false }),
      reason({ code: 'solo-super', limitedToRoles: ['super'] }),
      reason({ code: 'zona', usersFilters: [{ key: 'zona', type: 'string', value: 'norte' }] }),
    ];
    const seller = reasonsForUser(reasons, { roles: ['user'], fields: { zona: 'sur' } });
    expect(seller.map((each) => each.code)).toEqual(['a']);
    const supervisor = reasonsForUser(reasons, { roles: ['super'], fields: { zona: 'norte' } });
    expect(supervisor.map((each) => each.code)).toEqual(['a', 'solo-super', 'zona']);
  });
});

describe('opciones de recordatorio (03 §9)', () => {
  const now = new Date(2026, 10, 22, 10, 0, 0);
  it.each([
    ['30m', new Date(2026, 10, 22, 10, 30)],
    ['3h', new Date(2026, 10, 22, 13, 0)],
    ['2d', new Date(2026, 10, 24, 10, 0)],
    ['90d', new Date(2027, 1, 20, 10, 0)],
    ['6M', new Date(2027, 4, 22, 10, 0)],
    ['2y', new Date(2028, 10, 22, 10, 0)],
  ] as const)('%s', (choice, expected) => {
    expect(reminderDateFor(choice, now)).toEqual(expected);
  });
});
