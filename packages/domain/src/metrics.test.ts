import { describe, expect, it } from 'vitest';
import {
  goalMetricsOn,
  goalProgress,
  interactionEffects,
  metricsDay,
  presetPeriod,
  previousPeriod,
  waitAfter,
  weekStart,
  type MetricItem,
} from './metrics';

const seller = 'seller-1';
const item = (over: Partial<MetricItem>): MetricItem => ({
  type: 'note',
  content: {},
  actorId: seller,
  createdBySystem: false,
  contactAgentId: seller,
  ...over,
});

describe('metrics of a timeline item', () => {
  it('counts a note, a call and a reply as follow-ups of their author', () => {
    expect(interactionEffects(item({ type: 'note' }))).toEqual([
      { metric: 'tracing', userId: seller, value: 1 },
    ]);
    expect(
      interactionEffects(item({ type: 'channelMessage', content: { origin: 'agent' } })),
    ).toEqual([
      { metric: 'messagesOut', userId: seller, value: 1 },
      { metric: 'tracing', userId: seller, value: 1 },
    ]);
  });

  it("credits a customer's message to the contact's agent, not as a follow-up", () => {
    expect(
      interactionEffects(
        item({ type: 'channelMessage', actorId: null, content: { origin: 'contact' } }),
      ),
    ).toEqual([{ metric: 'messagesIn', userId: seller, value: 1 }]);
  });

  it('gives a transferred contact to its receiver and a taken one to its taker', () => {
    expect(
      interactionEffects(
        item({ type: 'transfer', actorId: 'boss', content: { toUser: { _id: seller } } }),
      ),
    ).toEqual([{ metric: 'contacts', userId: seller, value: 1 }]);
    expect(interactionEffects(item({ type: 'contactTaken' }))).toEqual([
      { metric: 'contactsTaken', userId: seller, value: 1 },
    ]);
  });

  it('counts archivings by reason; a sale-type reason is no sale (sales are receipts)', () => {
    expect(
      interactionEffects(
        item({ type: 'archiving', content: { to: 'vendido', reasonType: 'sale' } }),
      ),
    ).toEqual([{ metric: 'archivings', userId: seller, value: 1, dimension: 'vendido' }]);
    // Unarchiving counts nothing.
    expect(interactionEffects(item({ type: 'archiving', content: { from: 'x', to: '' } }))).toEqual(
      [],
    );
  });

  it('counts nothing the system did', () => {
    expect(interactionEffects(item({ type: 'note', createdBySystem: true }))).toEqual([]);
  });

  it('measures the first response from the oldest unanswered message', () => {
    const first = new Date('2026-03-02T10:00:00Z');
    const second = new Date('2026-03-02T10:05:00Z');
    const reply = new Date('2026-03-02T10:30:00Z');
    const inbound = item({ type: 'channelMessage', actorId: null, content: { origin: 'contact' } });
    const waiting = waitAfter(inbound, null, first).waitingSince;
    expect(waitAfter(inbound, waiting, second).waitingSince).toEqual(first);
    const answered = waitAfter(
      item({ type: 'channelMessage', content: { origin: 'agent' } }),
      first,
      reply,
    );
    expect(answered).toEqual({ waitingSince: null, response: { userId: seller, seconds: 1800 } });
    // A note is no answer to the customer.
    expect(waitAfter(item({ type: 'note' }), first, reply)).toEqual({
      waitingSince: first,
      response: null,
    });
  });
});

describe('days and periods', () => {
  it("uses the company's day, not UTC's", () => {
    expect(metricsDay(new Date('2026-03-03T02:00:00Z'))).toBe('2026-03-02');
    expect(metricsDay(new Date('2026-03-03T04:00:00Z'))).toBe('2026-03-03');
  });

  it('starts weeks on Monday and compares with the period just before', () => {
    expect(weekStart('2026-03-08')).toBe('2026-03-02');
    expect(presetPeriod('thisWeek', '2026-03-04')).toEqual({
      from: '2026-03-02',
      to: '2026-03-08',
    });
    expect(presetPeriod('lastWeek', '2026-03-04')).toEqual({
      from: '2026-02-23',
      to: '2026-03-01',
    });
    expect(presetPeriod('thisMonth', '2026-02-14')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
    });
  });
});

describe('goals', () => {
  it('changes the status colour at ratios 1.0 and 1.5 of the pace', () => {
    expect(goalProgress(9, 10).status).toBe('behind');
    expect(goalProgress(10, 10).status).toBe('onTrack');
    expect(goalProgress(14, 10).status).toBe('onTrack');
    expect(goalProgress(15, 10).status).toBe('ahead');
    // Half-way through the week, 5 of 10 is on track.
    expect(goalProgress(5, 10, 0.5)).toMatchObject({ status: 'onTrack', percent: 50 });
  });

  it('uses the config in force on the day, and the default metrics before any', () => {
    const history = [
      { startDate: '2026-01-05', metrics: [{ reference: 'sale' as const, hidden: false }] },
      { startDate: '2026-02-02', metrics: [{ reference: 'tracing' as const, hidden: false }] },
    ];
    expect(goalMetricsOn(history, '2026-01-20')[0]!.reference).toBe('sale');
    expect(goalMetricsOn(history, '2026-02-02')[0]!.reference).toBe('tracing');
    expect(goalMetricsOn(history, '2025-12-01').map((each) => each.reference)).toEqual([
      'contacts',
      'contactsTaken',
      'tracing',
      'singleTracing',
      'sale',
    ]);
  });
});
