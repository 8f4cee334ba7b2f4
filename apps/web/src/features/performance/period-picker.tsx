import { SegmentedControl, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '../../ui/dates';
import { es, format } from '@cartera/domain/i18n';
import type { Period, PeriodPreset } from '@cartera/domain/metrics';
import { DATE_FORMAT, dayjs } from '../../lib/dates';
import { CalendarIcon } from '../../ui/icons';

const texts = es.goals;

/** The dashboard's period: a preset (this week, last week, this month) or a custom range. */
export function PeriodPicker({
  preset,
  onPreset,
  custom,
  onCustom,
  shown,
}: {
  preset: PeriodPreset;
  onPreset: (preset: PeriodPreset) => void;
  custom: [string | null, string | null];
  onCustom: (value: [string | null, string | null]) => void;
  shown: Period | null;
}) {
  return (
    <Stack gap={6} align="flex-end">
      <SegmentedControl
        aria-label={texts.period.label}
        size="xs"
        value={preset}
        onChange={(value) => onPreset(value as PeriodPreset)}
        data={[
          { value: 'thisWeek', label: texts.period.thisWeek },
          { value: 'lastWeek', label: texts.period.lastWeek },
          { value: 'thisMonth', label: texts.period.thisMonth },
          { value: 'custom', label: texts.period.custom },
        ]}
      />
      {preset === 'custom' ? (
        <DatePickerInput
          type="range"
          size="xs"
          w={240}
          aria-label={texts.period.custom}
          placeholder={texts.period.customPlaceholder}
          value={custom}
          onChange={(value) => onCustom(value as [string | null, string | null])}
          valueFormat={DATE_FORMAT}
          leftSection={<CalendarIcon size={14} />}
          popoverProps={{ withinPortal: true }}
        />
      ) : (
        shown && (
          <Text size="xs" c="dimmed" data-testid="period-range">
            {format(texts.period.range, {
              from: dayjs(shown.from).format(DATE_FORMAT),
              to: dayjs(shown.to).format(DATE_FORMAT),
            })}
          </Text>
        )
      )}
    </Stack>
  );
}
