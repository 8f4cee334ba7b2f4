import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CUSTOM_FIELD_TYPES } from '@cartera/domain/custom-fields';
import { es } from '@cartera/domain/i18n';
import { useCompanyNames, useContactNames } from '../pickers/entity-pickers';
import {
  asIds,
  asList,
  asText,
  isDirection,
  isEmptyFormValue,
  type FormField,
  type FormValue,
} from './field-values';
import { OptionBadge } from './shared-option-dialog';

/** Read mode: the field's name over its value (as text, badges or links). */
export function CustomFieldValue({ field, value }: { field: FormField; value: FormValue }) {
  return (
    <Stack gap={2} data-field={field.code}>
      <Text size="xs" fw={600} c="dimmed">
        {field.name}
      </Text>
      {isKnownType(field) && isEmptyFormValue(field, value) ? (
        <Text size="sm" c="dimmed">
          {es.fields.emptyValue}
        </Text>
      ) : (
        <ReadContent field={field} value={value} />
      )}
    </Stack>
  );
}

/** The types this screen draws: the domain's list (a field of a newer type reads as unknown). */
const KNOWN = new Set<string>(CUSTOM_FIELD_TYPES);
function isKnownType(field: FormField) {
  return KNOWN.has(field.type);
}

function ReadContent({ field, value }: { field: FormField; value: FormValue }) {
  switch (field.type) {
    case 'string':
    case 'number':
    case 'date':
    case 'select':
      return <Text size="sm">{asText(value)}</Text>;
    case 'multiselect':
      return (
        <Group gap={6}>
          {asList(value).map((item) => (
            <Badge key={item} variant="light" radius="sm" tt="none">
              {item}
            </Badge>
          ))}
        </Group>
      );
    case 'phonenumbers':
      return (
        <Stack gap={0}>
          {asList(value).map((phone) => (
            <Anchor key={phone} size="sm" href={`tel:${phone.replace(/\s/g, '')}`}>
              {phone}
            </Anchor>
          ))}
        </Stack>
      );
    case 'selectcontact':
    case 'multiplecontact':
      return <ContactNames ids={asIds(value)} />;
    case 'selectcompany':
    case 'multiplecompany':
      return <CompanyLinks ids={asIds(value)} />;
    case 'sharedmultioptions': {
      const byCode = new Map(field.sharedOptions.map((option) => [option.code, option]));
      return (
        <Group gap={6}>
          {asList(value).map((code) => {
            const option = byCode.get(code);
            return option ? <OptionBadge key={code} option={option} /> : null;
          })}
        </Group>
      );
    }
    case 'direction':
      return <Text size="sm">{isDirection(value) ? value.formatted_address : ''}</Text>;
    default:
      return (
        <Text size="sm" c="red.7">
          {es.fields.unknownKind}
        </Text>
      );
  }
}

function ContactNames({ ids }: { ids: string[] }) {
  const names = useContactNames(ids);
  return <Text size="sm">{ids.map((id) => names[id] ?? es.app.loading).join(', ')}</Text>;
}

function CompanyLinks({ ids }: { ids: string[] }) {
  const names = useCompanyNames(ids);
  return (
    <Group gap={4} wrap="wrap">
      {ids.map((id, index) => (
        <Text key={id} size="sm" span>
          <Anchor
            size="sm"
            renderRoot={(rootProps) => (
              <Link to="/companies/$companyId" params={{ companyId: id }} {...rootProps} />
            )}
          >
            {names[id] ?? es.app.loading}
          </Anchor>
          {index < ids.length - 1 ? ',' : ''}
        </Text>
      ))}
    </Group>
  );
}
