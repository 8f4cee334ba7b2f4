import { useId } from 'react';
import { Group, Input, Stack, TextInput } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import { AddRowButton, RemoveRowButton } from '../../../ui/row-buttons';
import { emptyEmail, type EmailRow } from './sheet-values';

/** The sheet's e-mails (02 §5): several, each checked; blank ones are not sent. */
export function EmailRowsInput({
  rows,
  onChange,
  errorOf,
  onBlur,
  required = false,
}: {
  rows: EmailRow[];
  onChange: (rows: EmailRow[]) => void;
  errorOf: (key: string) => string | undefined;
  onBlur: (key: string) => void;
  /** The company's form definition makes an e-mail required. */
  required?: boolean;
}) {
  const id = useId();
  return (
    <Input.Wrapper
      label={es.contacts.emails}
      withAsterisk={required}
      labelProps={{ id: `${id}-label` }}
    >
      <Stack gap={8} mt={4} role="group" aria-labelledby={`${id}-label`}>
        {rows.map((row, index) => (
          <Group key={row.key} gap={6} wrap="nowrap" align="flex-start">
            <TextInput
              style={{ flex: 1 }}
              type="email"
              aria-label={format(es.contacts.emailN, { n: index + 1 })}
              placeholder={es.contacts.emailPlaceholder}
              autoComplete="off"
              value={row.email}
              error={errorOf(row.key)}
              onChange={(event) => {
                const email = event.currentTarget.value;
                onChange(rows.map((each) => (each.key === row.key ? { ...each, email } : each)));
              }}
              onBlur={() => onBlur(row.key)}
            />
            {rows.length > 1 && (
              <RemoveRowButton
                label={format(es.contacts.removeEmail, { n: index + 1 })}
                onClick={() => onChange(rows.filter((each) => each.key !== row.key))}
              />
            )}
          </Group>
        ))}
        <AddRowButton
          label={es.contacts.addEmail}
          onClick={() => onChange([...rows, emptyEmail()])}
        />
      </Stack>
    </Input.Wrapper>
  );
}
