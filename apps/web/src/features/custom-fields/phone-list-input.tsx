import type { ReactNode } from 'react';
import { Group, Input, Stack, TextInput } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import { PhoneIcon } from '../../ui/icons';
import { AddRowButton, RemoveRowButton } from '../../ui/row-buttons';

/**
 * 'phonenumbers': a list of numbers, each with its remove button, and 'Agregar teléfono'. Always
 * at least one row so there is somewhere to type; blank rows are not sent.
 */
export function PhoneListInput({
  id,
  label,
  required,
  error,
  value,
  onChange,
  onBlur,
  placeholder,
}: {
  id: string;
  label: string;
  required: boolean;
  error: ReactNode;
  value: string[];
  onChange: (phones: string[]) => void;
  onBlur: () => void;
  placeholder?: string;
}) {
  const rows = value.length > 0 ? value : [''];
  const change = (index: number, phone: string) =>
    onChange(rows.map((each, at) => (at === index ? phone : each)));
  return (
    <Input.Wrapper
      id={id}
      label={label}
      withAsterisk={required}
      error={error}
      labelProps={{ id: `${id}-label` }}
    >
      <Stack gap={6} mt={4} role="group" aria-labelledby={`${id}-label`}>
        {rows.map((phone, index) => (
          <Group key={index} gap={6} wrap="nowrap">
            <TextInput
              id={index === 0 ? id : undefined}
              aria-label={`${label} ${index + 1}`}
              style={{ flex: 1 }}
              leftSection={<PhoneIcon size={16} />}
              placeholder={placeholder || es.fields.phonePlaceholder}
              inputMode="tel"
              value={phone}
              error={Boolean(error)}
              onChange={(event) => change(index, event.currentTarget.value)}
              onBlur={onBlur}
            />
            {rows.length > 1 && (
              <RemoveRowButton
                label={format(es.fields.removePhone, { n: index + 1 })}
                onClick={() => onChange(rows.filter((_, at) => at !== index))}
              />
            )}
          </Group>
        ))}
        <AddRowButton label={es.fields.addPhone} onClick={() => onChange([...rows, ''])} />
      </Stack>
    </Input.Wrapper>
  );
}
