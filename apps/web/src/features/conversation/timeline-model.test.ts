import { describe, expect, it } from 'vitest';
import {
  lastMessageByChannel,
  liveSuggestionsOf,
  mergeTimeline,
  newestStoredId,
  offersSnooze,
  snoozeLabel,
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
    suggestions: [],
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

  it('los mensajes del cliente, los de la empresa y los de otro canal empiezan grupo', () => {
    const message = (id: string, at: string, origin: string, channelId: string) =>
      item(id, at, {
        type: 'channelMessage',
        agent: origin === 'agent' ? ana : null,
        content: { message: { text: id }, origin, channelId },
      });
    const rows = timelineRows([
      message('1', '2025-01-01T10:00', 'contact', 'wa'),
      message('2', '2025-01-01T10:01', 'contact', 'wa'),
      message('3', '2025-01-01T10:02', 'contact', 'fb'),
      message('4', '2025-01-01T10:03', 'agent', 'fb'),
      message('5', '2025-01-01T10:04', 'agent', 'fb'),
    ]);
    expect(
      rows.flatMap((row) =>
        row.kind === 'day' ? [] : [`${row.item.id}${row.groupStart ? '*' : ''}`],
      ),
    ).toEqual(['1*', '2', '3*', '4*', '5']);
  });
});

describe('lastMessageByChannel', () => {
  it('da el último mensaje de cada canal, sin contar lo que no es un mensaje', () => {
    const latest = lastMessageByChannel([
      item('1', '2025-01-01T10:00', { type: 'channelMessage', content: { channelId: 'wa' } }),
      item('2', '2025-01-02T10:00', { type: 'channelMessage', content: { channelId: 'fb' } }),
      item('3', '2025-01-03T10:00', { type: 'channelMessage', content: { channelId: 'wa' } }),
      item('4', '2025-01-04T10:00', { type: 'note', content: { channelId: 'fb' } }),
    ]);
    expect(Object.fromEntries(latest)).toEqual({
      wa: { at: new Date('2025-01-03T10:00'), itemId: '3' },
      fb: { at: new Date('2025-01-02T10:00'), itemId: '2' },
    });
  });

  it('un mensaje del cliente con la hora del proveedor (anterior, al segundo) cambia igual el último id', () => {
    const latest = lastMessageByChannel([
      item('1', '2025-01-01T10:00:00.700', {
        type: 'channelMessage',
        content: { channelId: 'wa' },
      }),
      item('2', '2025-01-01T10:00:00.000', {
        type: 'channelMessage',
        content: { channelId: 'wa' },
      }),
    ]);
    expect(latest.get('wa')).toEqual({ at: new Date('2025-01-01T10:00:00.700'), itemId: '2' });
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

describe('recordatorios sugeridos', () => {
  it('muestra solo los vigentes: ni hechos, ni quitados, ni vencidos', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const at = (date: string, extra = {}) => ({
      content: { reminderDate: date },
      done: false,
      removed: false,
      ...extra,
    });
    const note = item('n', '2026-04-30T10:00:00Z', {
      suggestions: [
        at('2026-06-01T12:00:00Z'),
        at('2026-07-01T12:00:00Z', { done: true }),
        at('2026-08-01T12:00:00Z', { removed: true }),
        at('2026-04-01T12:00:00Z'),
        at('2027-05-01T12:00:00Z'),
      ],
    });
    expect(liveSuggestionsOf(note, now).map((each) => each.index)).toEqual([0, 4]);
    expect(liveSuggestionsOf({ ...note, localStatus: 'sending' }, now)).toEqual([]);
  });
});

describe('posponer (snooze)', () => {
  it('se ofrece sin recordatorio, tras un grupo de un agente que no es una llamada', () => {
    const note = item('n', '2026-04-30T10:00:00Z');
    expect(offersSnooze([note], false)).toBe(true);
    expect(offersSnooze([note], true)).toBe(false);
    expect(offersSnooze([], false)).toBe(false);
    expect(
      offersSnooze([note, item('c', '2026-04-30T11:00:00Z', { type: 'phoneCall' })], false),
    ).toBe(false);
    expect(
      offersSnooze(
        [note, item('s', '2026-04-30T11:00:00Z', { agent: null, createdBySystem: true })],
        false,
      ),
    ).toBe(false);
  });

  it('la etiqueta va en horas hasta 24 y en duración humana después', () => {
    expect(snoozeLabel(24)).toBe('24 horas');
    expect(snoozeLabel(1)).toBe('1 hora');
    expect(snoozeLabel(48)).toBe('2 días');
  });
});
