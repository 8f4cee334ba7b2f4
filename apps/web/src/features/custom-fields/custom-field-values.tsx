import { Divider, SimpleGrid } from '@mantine/core';
import type { CustomFieldEntity } from '@cartera/domain/custom-fields';
import { es } from '@cartera/domain/i18n';
import { CustomFieldInput } from './custom-field-input';
import { toFormValue, type FormField } from './field-values';

/**
 * A record's configurable values, read-only, under their heading: the company page and the
 * contact's details show them alike. Nothing when no field is shown.
 */
export function CustomFieldValues({
  entity,
  fields,
  values,
}: {
  entity: CustomFieldEntity;
  fields: FormField[];
  values: Record<string, unknown>;
}) {
  if (fields.length === 0) return null;
  return (
    <>
      <Divider
        label={es.companies.customFields}
        labelPosition="left"
        styles={{ label: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' } }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {fields.map((field) => (
          <CustomFieldInput
            key={field.id}
            field={field}
            entity={entity}
            mode="read"
            value={toFormValue(field, values[field.code])}
          />
        ))}
      </SimpleGrid>
    </>
  );
}
