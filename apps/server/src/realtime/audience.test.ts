import { describe, expect, it } from 'vitest';
import { canReceive } from './audience';

const seller = {
  id: 'u1',
  tenantId: 't1',
  groupPath: ['t1', 'north'],
  roles: ['user' as const],
};

describe('quién recibe un evento', () => {
  it('nunca entrega eventos de otra empresa', () => {
    expect(canReceive(seller, { tenantId: 't2', audience: {} })).toBe(false);
  });

  it('entrega a toda la empresa cuando el evento no restringe el público', () => {
    expect(canReceive(seller, { tenantId: 't1', audience: {} })).toBe(true);
  });

  it('entrega a un usuario nombrado, a su grupo y subgrupos, o a su rol', () => {
    expect(canReceive(seller, { tenantId: 't1', audience: { userIds: ['u1'] } })).toBe(true);
    expect(canReceive(seller, { tenantId: 't1', audience: { groupIds: ['north'] } })).toBe(true);
    expect(canReceive(seller, { tenantId: 't1', audience: { groupIds: ['t1'] } })).toBe(true);
    expect(canReceive(seller, { tenantId: 't1', audience: { roles: ['user'] } })).toBe(true);
  });

  it('no entrega a quien no cumple ninguna regla', () => {
    expect(
      canReceive(seller, {
        tenantId: 't1',
        audience: { userIds: ['u2'], groupIds: ['south'], roles: ['super'] },
      }),
    ).toBe(false);
  });

  it('a quien está confinado fuera de las conversaciones no le entrega eventos de contactos', () => {
    const jailed = { ...seller, jailUrl: ['/training', '/settings'] };
    const event = { tenantId: 't1', audience: { userIds: ['u1'] } };
    expect(canReceive(jailed, { ...event, topic: 'contact:c1' })).toBe(false);
    expect(canReceive(jailed, { ...event, topic: 'training' })).toBe(true);
    expect(
      canReceive({ ...seller, jailUrl: ['/contact'] }, { ...event, topic: 'contact:c1' }),
    ).toBe(true);
    expect(canReceive({ ...seller, jailUrl: ['/contact'] }, { ...event, topic: 'training' })).toBe(
      false,
    );
  });
});
