import { describe, expect, it } from 'vitest';
import {
  mergeTimeline,
  newestStoredId,
  relativeDay,
  timelineRows,
  unansweredRuns,
  type Interaction,
  type TimelineItem,
} from './timeline-model';

const ana = { id: 'a', name: 'Ana', lastname: 'Paz' };
const beto = { id: 'b', name: 'Beto', lastname: 'Ruiz' };

function item(id: string, at: string, extra: Partial<Interaction> = {}): Interaction {
  return {
    id,
    contactId: 'c',
    type: 'note',
    content: { body: id },
    via: 'web',
    status: null,
    createdBySystem: false,
    createdAt: new Date(at),
    agent: ana,
    ...extra,
  };
}

describe('mergeTimeline', () => {
  it('ordena las páginas de la más vieja a la más nueva y no repite ids', () => {
    const newest = [item('3', '2025-01-02T10:00'), item('4', '2025-01-02T11:00')];
    const older = [item('1', '2025-01-01T10:00'), item('2', '2025-01-01T11:00')];
    const live = [item('4', '2025-01-02T11:00'), item('5', '2025-01-02T12:00')];
    const outgoing: TimelineItem[] = [
      { ...item('5', '2025-01-02T12:00'), localStatus: 'sending' },
      { ...item('6', '2025-01-02T13:00'), localStatus: 'sending' },
    ];
    const merged = mergeTimeline([newest, older], live, outgoing);
    expect(merged.map((each) => each.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(merged[4]!.localStatus).toBeUndefined();
    expect(newestStoredId(merged)).toBe('5');
  });
});

describe('timelineRows', () => {
  it('separa los días y agrupa lo consecutivo del mismo tipo y agente', () => {
    const rows = timelineRows([
      item('1', '2025-01-01T10:00'),
      item('2', '2025-01-01T10:01'),
      item('3', '2025-01-01T10:02', { agent: beto }),
      item('4', '2025-01-01T10:03', { agent: beto, type: 'transfer' }),
      item('5', '2025-01-02T09:00', { agent: beto, type: 'transfer' }),
    ]);
    expect(
      rows.map((row) =>
        row.kind === 'day' ? 'día' : `${row.item.id}${row.groupStart ? '*' : ''}`,
      ),
    ).toEqual(['día', '1*', '2', '3*', '4*', 'día', '5*']);
  });
});

describe('relativeDay', () => {
  const now = new Date(2025, 2, 1, 9, 0);
  it('hoy, ayer o ninguno', () => {
    expect(relativeDay(new Date(2025, 2, 1, 0, 1), now)).toBe('today');
    expect(relativeDay(new Date(2025, 1, 28, 23, 0), now)).toBe('yesterday');
    expect(relativeDay(new Date(2025, 1, 27, 23, 0), now)).toBeNull();
  });
});

describe('unansweredRuns', () => {
  const call = (id: string, state: string, at: string) =>
    item(id, at, { type: 'phoneCall', content: { state }, status: state });
  it('cuenta las llamadas seguidas sin respuesta y lo marca en la última de cada racha', () => {
    const runs = unansweredRuns([
      call('1', 'cancel', '2025-01-01T10:00'),
      call('2', 'voicemail', '2025-01-01T11:00'),
      item('n', '2025-01-01T11:30'),
      call('3', 'cancel', '2025-01-01T12:00'),
      call('4', 'done', '2025-01-01T13:00'),
      call('5', 'cancel', '2025-01-01T14:00'),
    ]);
    expect([...runs]).toEqual([
      ['3', 3],
      ['5', 1],
    ]);
  });
});
