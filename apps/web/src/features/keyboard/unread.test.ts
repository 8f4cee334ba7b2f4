import { describe, expect, it } from 'vitest';
import { unreadNeighbour } from './unread';

const rows = [
  { id: 'a', unreadCount: 0 },
  { id: 'b', unreadCount: 2 },
  { id: 'c', unreadCount: 0 },
  { id: 'd', unreadCount: 1 },
  { id: 'e' },
];

describe('unreadNeighbour', () => {
  it('va a la siguiente conversación no leída después de la abierta', () => {
    expect(unreadNeighbour(rows, 'a', 1)).toBe('b');
    expect(unreadNeighbour(rows, 'b', 1)).toBe('d');
    expect(unreadNeighbour(rows, 'd', 1)).toBeNull();
  });

  it('va a la no leída anterior hacia arriba', () => {
    expect(unreadNeighbour(rows, 'e', -1)).toBe('d');
    expect(unreadNeighbour(rows, 'd', -1)).toBe('b');
    expect(unreadNeighbour(rows, 'b', -1)).toBeNull();
  });

  it('sin una fila de partida empieza por un extremo de la lista', () => {
    expect(unreadNeighbour(rows, null, 1)).toBe('b');
    expect(unreadNeighbour(rows, 'fuera', -1)).toBe('d');
  });

  it('sin recuento de no leídos en la lista no va a ninguna parte', () => {
    expect(unreadNeighbour([{ id: 'a' }, { id: 'b' }], 'a', 1)).toBeNull();
  });
});
