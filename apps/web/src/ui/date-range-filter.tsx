import { DatePickerInput } from './dates';
import { DATE_FORMAT, dayjs } from '../lib/dates';

/** A day range a list filters by: the days as the date pickers give them ('YYYY-MM-DD'). */
export interface DayRange {
  from: string | null;
  to: string | null;
}

/**
 * The two DD/MM/YYYY date pickers of a back office list's filters ('desde' and 'hasta'), each
 * clearable. The lists of 'Ventas' and 'Solicitudes' share them.
 */
export function DateRangeFilter({
  value,
  onChange,
  fromLabel,
  toLabel,
}: {
  value: DayRange;
  onChange: (next: Partial<DayRange>) => void;
  fromLabel: string;
  toLabel: string;
}) {
  return (
    <>
      <DatePickerInput
        aria-label={fromLabel}
        placeholder={fromLabel}
        value={value.from}
        onChange={(next) => onChange({ from: next })}
        valueFormat={DATE_FORMAT}
        clearable
        w={150}
      />
      <DatePickerInput
        aria-label={toLabel}
        placeholder={toLabel}
        value={value.to}
        onChange={(next) => onChange({ to: next })}
        valueFormat={DATE_FORMAT}
        clearable
        w={150}
      />
    </>
  );
}

/** The instants a day range covers, from the start of its first day to the end of its last. */
export function dayRangeBounds(range: DayRange): { from?: Date; to?: Date } {
  return {
    from: range.from ? dayjs(range.from).startOf('day').toDate() : undefined,
    to: range.to ? dayjs(range.to).endOf('day').toDate() : undefined,
  };
}
