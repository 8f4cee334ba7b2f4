import { Select } from '@mantine/core';
import { COUNTRIES, countryName } from '@cartera/domain/admin';

const COUNTRY_OPTIONS = COUNTRIES.map((code) => ({
  value: code,
  label: countryName(code),
})).sort((a, b) => a.label.localeCompare(b.label, 'es'));

/** A company's, group's or user's country: one of the known ones by its Spanish name, searchable. */
export function CountrySelect({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (country: string) => void;
}) {
  return (
    <Select
      label={label}
      data={COUNTRY_OPTIONS}
      value={value}
      error={error}
      allowDeselect={false}
      searchable
      onChange={(next) => next && onChange(next)}
    />
  );
}
