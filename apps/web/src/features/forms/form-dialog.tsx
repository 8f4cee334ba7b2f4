import {
  ActionIcon,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  FORM_CONTACT_FIELDS,
  FORM_CUSTOM_FIELD_TYPES,
  FORM_MAX_FIELDS,
  ZFormInput,
  type FormField,
} from '@cartera/domain/forms';
import { es } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { EntityDialog } from '../../ui/entity-dialog';
import { AddRowButton, RemoveRowButton } from '../../ui/row-buttons';
import { useEntityForm } from '../../ui/use-entity-form';

const t = es.forms;

/** A form of 'Formularios' as its list answers it (own or a lead channel's). */
export type FormView = RouterOutputs['form']['list'][number];

interface Values {
  name: string;
  description: string;
  active: boolean;
  fields: FormField[];
}

/** A question's select value: 'contact.email', 'custom.plan'. */
const keyOf = (field: Pick<FormField, 'kind' | 'field'>) => `${field.kind}.${field.field}`;

/** Where an error path belongs: a question's own part ('fields.0.label'), else its first part. */
const place = (parts: string[]) =>
  parts[0] === 'fields' && parts.length >= 3 ? parts.slice(0, 3).join('.') : (parts[0] ?? null);

/**
 * Create or edit a form (issue #42 item 3): its name, the description the customer reads, and
 * its questions in order, each a contact field (built-in or a custom one a customer can answer)
 * with the question's text and whether it must be answered.
 */
export function FormDialog({
  form: existing,
  opened,
  onClose,
  onSaved,
}: {
  form: FormView | undefined;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const custom = useQuery({
    ...trpc.customField.list.queryOptions({ entity: 'contact' }),
    enabled: opened,
  });
  const choices = [
    ...FORM_CONTACT_FIELDS.map((field) => ({
      value: `contact.${field}`,
      label: t.contactFields[field],
    })),
    ...(custom.data ?? [])
      .filter(
        (field) =>
          field.active && (FORM_CUSTOM_FIELD_TYPES as readonly string[]).includes(field.type),
      )
      .map((field) => ({ value: `custom.${field.code}`, label: field.name })),
  ];
  const form = useEntityForm({
    initial: (): Values => ({
      name: existing?.name ?? '',
      description: existing?.description ?? '',
      active: existing?.active ?? true,
      fields: existing?.fields ?? [
        { kind: 'contact', field: 'firstName', label: '', required: true },
      ],
    }),
    schema: ZFormInput,
    place,
  });
  const { values } = form;
  const options = {
    onSuccess: () => {
      onSaved();
      notifications.show({ color: 'teal', message: t.saved });
      onClose();
    },
    onError: form.onError,
  };
  const create = useMutation(trpc.form.create.mutationOptions(options));
  const update = useMutation(trpc.form.update.mutationOptions(options));
  const setField = (index: number, change: Partial<FormField>) =>
    form.change(
      {
        fields: values.fields.map((field, at) => (at === index ? { ...field, ...change } : field)),
      },
      `fields.${index}.${Object.keys(change)[0] ?? 'field'}`,
    );
  const move = (index: number, by: -1 | 1) => {
    const fields = [...values.fields];
    const [moved] = fields.splice(index, 1);
    fields.splice(index + by, 0, moved!);
    form.change({ fields }, 'fields');
  };

  return (
    <EntityDialog
      opened={opened}
      onClose={onClose}
      title={existing ? t.edit : t.add}
      size={640}
      form={form}
      saving={create.isPending || update.isPending}
      submitLabel={t.save}
      cancelLabel={t.cancel}
      onSubmit={() =>
        form.submit((data) => {
          if (existing) update.mutate({ id: existing.id, values: data });
          else create.mutate(data);
        })
      }
    >
      <TextInput
        label={t.fields.name}
        withAsterisk
        value={values.name}
        maxLength={80}
        onChange={(event) => form.set('name', event.currentTarget.value)}
        error={form.errorOf('name')}
        data-autofocus
      />
      <Textarea
        label={t.fields.description}
        description={t.fields.descriptionHint}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={500}
        value={values.description}
        onChange={(event) => form.set('description', event.currentTarget.value)}
        error={form.errorOf('description')}
      />
      <Switch
        label={t.fields.active}
        checked={values.active}
        onChange={(event) => form.set('active', event.currentTarget.checked)}
      />
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t.fields.questions}
        </Text>
        {values.fields.map((field, index) => (
          <Paper key={index} withBorder p="xs" radius="sm" data-testid="form-question">
            <Stack gap={6}>
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <Select
                  flex={1}
                  label={t.fields.field}
                  data={choices}
                  value={keyOf(field)}
                  allowDeselect={false}
                  onChange={(value) => {
                    if (!value) return;
                    const [kind, ...code] = value.split('.');
                    const picked = choices.find((choice) => choice.value === value);
                    setField(index, {
                      kind: kind as FormField['kind'],
                      field: code.join('.'),
                      label: field.label || picked?.label || '',
                    });
                  }}
                  error={form.errorOf(`fields.${index}.field`)}
                />
                <Group gap={0} mt={24} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={`${t.fields.moveUp} ${index + 1}`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={`${t.fields.moveDown} ${index + 1}`}
                    disabled={index === values.fields.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </ActionIcon>
                  <RemoveRowButton
                    label={`${t.fields.removeQuestion} ${index + 1}`}
                    onClick={() =>
                      form.change(
                        { fields: values.fields.filter((_, at) => at !== index) },
                        'fields',
                      )
                    }
                  />
                </Group>
              </Group>
              <TextInput
                label={t.fields.label}
                withAsterisk
                maxLength={120}
                value={field.label}
                onChange={(event) => setField(index, { label: event.currentTarget.value })}
                error={form.errorOf(`fields.${index}.label`)}
              />
              <Checkbox
                label={t.fields.required}
                checked={field.required}
                onChange={(event) => setField(index, { required: event.currentTarget.checked })}
              />
            </Stack>
          </Paper>
        ))}
        {form.errorOf('fields') && (
          <Text size="xs" c="red">
            {form.errorOf('fields')}
          </Text>
        )}
        <AddRowButton
          label={t.fields.addQuestion}
          disabled={values.fields.length >= FORM_MAX_FIELDS}
          onClick={() =>
            form.change(
              {
                fields: [
                  ...values.fields,
                  { kind: 'contact', field: 'email', label: '', required: false },
                ],
              },
              'fields',
            )
          }
        />
      </Stack>
    </EntityDialog>
  );
}
