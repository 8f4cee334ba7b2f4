import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import { PhoneIcon, PlusIcon, XIcon } from '../../ui/icons';

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
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={format(es.fields.removePhone, { n: index + 1 })}
                onClick={() => onChange(rows.filter((_, at) => at !== index))}
              >
                <XIcon size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<PlusIcon size={14} />}
            onClick={() => onChange([...rows, ''])}
          >
            {es.fields.addPhone}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
