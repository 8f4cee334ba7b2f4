import { describe, expect, it } from 'vitest';
import { newId } from './ids';
import {
  DEFAULT_VISIT_RULES,
  reasonsForUser,
  reminderDateFor,
  visitSchema,
  ZArchivingReason,
} from './conversation';

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

describe('visitas (03 §5)', () => {
  const base = {
    contactId: '00000000-0000-7000-8000-000000000001',
    // A client-made item id: a UUIDv7 of now (old ones are refused).
    id: newId(),
  };
  const messages = (rules: Parameters<typeof visitSchema>[0], value: Record<string, unknown>) => {
    const result = visitSchema(rules, ['concretada']).safeParse({ ...base, ...value });
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('pide el resultado y, por defecto, el comentario', () => {
    expect(messages(DEFAULT_VISIT_RULES, { state: '' })).toEqual([
      'El resultado de la visita es requerido',
      'El comentario de la visita es requerido',
    ]);
  });

  it('aplica los límites de caracteres del comentario', () => {
    const rules = { commentRequired: false, minChars: 1, maxChars: 10 };
    expect(messages({ ...rules, minChars: 5 }, { state: 'concretada', comment: 'hola' })).toEqual([
      'El comentario debe de tener por lo menos 5 caracteres',
    ]);
    expect(messages({ ...rules, minChars: 2 }, { state: 'concretada', comment: 'a' })).toEqual([
      'El comentario debe de tener por lo menos 2 caracteres',
    ]);
    expect(messages(rules, { state: 'concretada', comment: 'x'.repeat(11) })).toEqual([
      'El comentario no debe de superar los 10 caracteres',
    ]);
    expect(messages(rules, { state: 'concretada' })).toEqual([]);
  });
});
