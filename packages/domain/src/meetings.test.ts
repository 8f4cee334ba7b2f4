import { describe, expect, it } from 'vitest';
import {
  meetingButtons,
  meetingReminderGap,
  meetingStatusChangeAllowed,
  normalizeReminderOffset,
  ZCreateMeetingInput,
} from './meetings';
import { newId } from './ids';

describe('reuniones (issue #40)', () => {
  it('normaliza los recordatorios como 02 §9', () => {
    expect(normalizeReminderOffset({ number: 30, unit: 'minutes' })).toEqual({
      number: 30,
      unit: 'minutes',
    });
    expect(normalizeReminderOffset({ number: 90, unit: 'minutes' })).toEqual({
      number: 1,
      unit: 'minutes',
    });
    expect(normalizeReminderOffset({ number: 30, unit: 'hours' })).toEqual({
      number: 1,
      unit: 'days',
    });
    expect(normalizeReminderOffset({ number: 15, unit: 'days' })).toEqual({
      number: 10,
      unit: 'days',
    });
  });

  it('ofrece los botones de cada estado (02 §4)', () => {
    expect(meetingButtons('active')).toEqual(['cancel']);
    expect(meetingButtons('expired')).toEqual(['done', 'cancel']);
    expect(meetingButtons('inProgress')).toEqual(['done', 'cancel']);
    expect(meetingButtons('done')).toEqual(['cancel']);
    expect(meetingButtons('cancel')).toEqual(['done']);
    expect(meetingStatusChangeAllowed('active', 'done')).toBe(false);
  });

  it('dice el tiempo entre el recordatorio y la reunión en la unidad mayor', () => {
    expect(meetingReminderGap(30 * 60_000)).toEqual({ value: 30, unit: 'minutes' });
    expect(meetingReminderGap(3 * 3_600_000)).toEqual({ value: 3, unit: 'hours' });
    expect(meetingReminderGap(2 * 86_400_000)).toEqual({ value: 2, unit: 'days' });
    expect(meetingReminderGap(400 * 86_400_000)).toEqual({ value: 1, unit: 'years' });
  });

  it('toma 30 minutos, un recordatorio 30 minutos antes y como mucho 3', () => {
    const base = {
      id: newId(),
      contactId: '00000000-0000-7000-8000-000000000001',
      summary: 'Reunión con Ana',
      medium: 'person',
      when: 'now',
      date: new Date(),
    };
    const parsed = ZCreateMeetingInput.parse(base);
    expect(parsed.duration).toBe('30min');
    expect(parsed.reminders).toEqual([
      { number: 30, unit: 'minutes', message: '', medium: 'whatsapp' },
    ]);
    const four = Array.from({ length: 4 }, () => ({ number: 1, unit: 'hours' }));
    expect(ZCreateMeetingInput.safeParse({ ...base, reminders: four }).success).toBe(false);
  });
});
