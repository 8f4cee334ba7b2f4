import {
  LONG_REMINDER_CHOICES,
  reminderDateFor,
  type ReminderChoice,
} from '@cartera/domain/conversation';
import { es, format } from '@cartera/domain/i18n';
import { dayjs } from '../../../lib/dates';

const t = es.conversation.actions;

/** One button of the reminder wizard's date step: its label and the date it stands for. */
export interface Preset {
  key: string;
  label: string;
  date: (now: Date) => Date;
  choice: ReminderChoice | null;
}

function choicePreset(choice: ReminderChoice): Preset {
  return {
    key: choice,
    label: t.reminderChoices[choice] ?? choice,
    date: (now) => reminderDateFor(choice, now),
    choice,
  };
}

/** 'Esta semana': in 1 to 4 days at the current time (1–3 days are the quick choices). */
export function daysPreset(days: number): Preset {
  const choice = (['1d', '2d', '3d'] as const)[days - 1] ?? null;
  if (choice) return choicePreset(choice);
  return {
    key: `${days}d`,
    label: format(t.reminderInDays, { n: days }),
    date: (now) => dayjs(now).add(days, 'day').toDate(),
    choice: null,
  };
}

/** 'Siguiente semana': Monday, Tuesday or Wednesday of next week at the current time. */
export function nextWeekPreset(weekday: 1 | 2 | 3): Preset {
  return {
    key: `next-${weekday}`,
    label: t.weekdays[weekday] ?? '',
    date: (now) => {
      const date = dayjs(now);
      // Days up to next week's Monday (Sunday counts as the end of the current week).
      const toMonday = ((8 - date.day()) % 7 || 7) + (weekday - 1);
      return date.add(toMonday, 'day').toDate();
    },
    choice: null,
  };
}

export const PRESET_GROUPS: Array<{ title: string; presets: Preset[] }> = [
  {
    title: es.conversation.reminderToday,
    presets: (['30m', '1h', '3h'] as const).map(choicePreset),
  },
  { title: es.conversation.reminderThisWeek, presets: [1, 2, 3, 4].map(daysPreset) },
  {
    title: es.conversation.reminderNextWeek,
    presets: ([1, 2, 3] as const).map(nextWeekPreset),
  },
  { title: t.reminderLong, presets: LONG_REMINDER_CHOICES.map(choicePreset) },
];
