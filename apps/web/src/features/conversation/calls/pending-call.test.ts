import { describe, expect, it } from 'vitest';
import { pendingCallOf } from './pending-call';

const at = new Date('2025-01-01T10:00:00Z');
const item = (id: string, type: string, content: Record<string, unknown> = {}) => ({
  id,
  type,
  status: typeof content.state === 'string' ? content.state : null,
  createdAt: at,
  content,
});

describe('llamada en curso', () => {
  it('es la interacción más nueva si es una llamada llamando', () => {
    expect(
      pendingCallOf([
        item('a', 'note'),
        item('b', 'phoneCall', { state: 'calling', phone: '+598' }),
      ]),
    ).toEqual({
      interactionId: 'b',
      phone: '+598',
      createdAt: at,
      content: { state: 'calling', phone: '+598' },
    });
  });

  it('ignora que alguien tomó el contacto después de llamar', () => {
    expect(
      pendingCallOf([
        item('b', 'phoneCall', { state: 'calling', phone: '+598' }),
        item('c', 'contactTaken'),
      ])?.interactionId,
    ).toBe('b');
  });

  it('no hay llamada en curso si la última está cerrada o hubo otra interacción después', () => {
    expect(pendingCallOf([])).toBeNull();
    expect(pendingCallOf([item('b', 'phoneCall', { state: 'done' })])).toBeNull();
    expect(
      pendingCallOf([item('b', 'phoneCall', { state: 'calling' }), item('c', 'note')]),
    ).toBeNull();
  });
});
