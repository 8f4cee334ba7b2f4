import { Group, MultiSelect, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { isFieldVisible } from '@cartera/domain/custom-fields';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../../lib/trpc';
import { useMe } from '../../auth/session';
import type { ContactDetail } from '../../contacts/contact-format';
import { useContactChange } from '../../contacts/use-contact-change';
import { CustomFieldInput } from '../../custom-fields/custom-field-input';
import { toFormValue, toStoredValue, type FormField } from '../../custom-fields/field-values';

const t = es.contactEditor;

/**
 * The header's additional data (03 §2.1, §5): the contact's custom fields marked 'Mostrar en el
 * encabezado del contacto' in 'Mi Empresa' › 'Campos'. Select fields are selects that save on
 * change (clearing only when the field is not required); the others show their value. A failed
 * save says 'Error al modificar el campo' and the select shows the stored value again.
 */
export function HeaderFields({
  contact,
  readOnly = false,
}: {
  contact: ContactDetail;
  readOnly?: boolean;
}) {
  const trpc = useTRPC();
  const me = useMe();
  const fields = useQuery(
    trpc.customField.forForm.queryOptions({ entity: 'contact', mode: 'edit' }),
  );
  const shown = (fields.data ?? []).filter(
    (field) => field.showOnProspectHeader && isFieldVisible(field, me?.user.roles ?? [], 'edit'),
  );
  if (shown.length === 0) return null;
  const editable = contact.can.edit && !readOnly;
  return (
    <Group gap="sm" align="flex-end" role="group" aria-label={t.headerFields}>
      {shown.map((field) => (
        <HeaderField key={field.id} field={field} contact={contact} editable={editable} />
      ))}
    </Group>
  );
}

function HeaderField({
  field,
  contact,
  editable,
}: {
  field: FormField;
  contact: ContactDetail;
  editable: boolean;
}) {
  const { change, pending } = useContactChange(contact.id);
  const value = toFormValue(field, contact.additionalData[field.code]);
  const save = (next: string | string[] | null) => {
    change({ additionalData: { [field.code]: toStoredValue(field, next) } }).catch(() =>
      notifications.show({ color: 'red', title: t.fieldChangeFailed, message: field.name }),
    );
  };
  const common = {
    label: field.name,
    size: 'xs' as const,
    w: 200,
    data: field.options.map((option) => option.name),
    disabled: !editable || field.onlyRead || pending,
    // 03 §5: clearing only when the field is not required.
    clearable: !field.required,
    // Mantine hides its clear button from keyboards and screen readers: this one is reachable.
    clearButtonProps: {
      'aria-label': format(t.clearField, { field: field.name }),
      'aria-hidden': false,
      tabIndex: 0,
    },
    searchable: true,
    nothingFoundMessage: es.fields.noResults,
    comboboxProps: { withinPortal: true },
  };
  if (field.type === 'select') {
    return (
      <Select
        {...common}
        placeholder={es.fields.selectPlaceholder}
        value={typeof value === 'string' ? value : null}
        allowDeselect={!field.required}
        onChange={save}
      />
    );
  }
  if (field.type === 'multiselect') {
    const list = Array.isArray(value) ? value : [];
    return (
      <MultiSelect
        {...common}
        placeholder={list.length ? undefined : es.fields.selectPlaceholder}
        value={list}
        onChange={(next) => {
          // A required field keeps at least one option.
          if (field.required && next.length === 0) return;
          save(next);
        }}
      />
    );
  }
  return <CustomFieldInput field={field} entity="contact" mode="read" value={value} />;
}
