import { useState } from 'react';
import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { ZShipmentTemplateValues, type ShipmentMediaType } from '@cartera/domain/notifications';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { RowAction } from '../../../ui/data-table';
import { EntityDialog } from '../../../ui/entity-dialog';
import { TrashIcon } from '../../../ui/icons';
import { useEntityForm } from '../../../ui/use-entity-form';

const texts = es.notifications.templates;

/** What a shipment shows, as the form's fields hold it (a template keeps the same). */
export interface ShipmentContentValues {
  title: string;
  description: string;
  image: string | null;
  type: ShipmentMediaType;
  /** '' for none. */
  redirectURL: string;
  popup: boolean;
}

/**
 * The shipment templates of the admins' company (01 §7 /notification/admin/shipment/templates):
 * 'Usar plantilla' puts a template's content in the form, the bin deletes the chosen one, and
 * 'Guardar como plantilla' keeps the form's content under a name.
 */
export function TemplatesBar({
  content,
  onApply,
  disabled,
}: {
  content: ShipmentContentValues;
  onApply: (content: ShipmentContentValues) => void;
  disabled: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const templates = useQuery(trpc.notification.templates.queryOptions());
  const [chosen, setChosen] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState(false);
  const refresh = () => queryClient.invalidateQueries(trpc.notification.templates.queryFilter());
  const remove = useMutation(
    trpc.notification.removeTemplate.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setRemoving(false);
        setChosen(null);
        notifications.show({ color: 'teal', message: texts.removed });
      },
    }),
  );
  const template = templates.data?.find((each) => each.id === chosen);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={texts.title}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={texts.apply}
          placeholder={templates.data?.length === 0 ? texts.none : texts.applyPlaceholder}
          data={(templates.data ?? []).map((each) => ({ value: each.id, label: each.name }))}
          value={chosen}
          onChange={(id) => {
            setChosen(id);
            const picked = templates.data?.find((each) => each.id === id);
            if (picked) {
              onApply({
                title: picked.title,
                description: picked.description,
                image: picked.image,
                type: picked.type,
                redirectURL: picked.redirectURL ?? '',
                popup: picked.popup,
              });
            }
          }}
          error={templates.isError ? texts.failed : undefined}
          disabled={disabled || templates.data?.length === 0}
          searchable
          style={{ flex: '1 1 220px' }}
        />
        {template && (
          <RowAction
            label={texts.remove}
            icon={<TrashIcon size={16} />}
            color="red"
            onClick={() => setRemoving(true)}
          />
        )}
        <Button variant="default" onClick={() => setSaving(true)} disabled={disabled}>
          {texts.save}
        </Button>
      </Group>
      {saving && (
        <SaveTemplateDialog
          content={content}
          onClose={() => setSaving(false)}
          onSaved={(id) => {
            setSaving(false);
            setChosen(id);
          }}
        />
      )}
      <ConfirmDialog
        opened={removing && template !== undefined}
        title={format(texts.removeQuestion, { name: template?.name ?? '' })}
        action={remove}
        onConfirm={() => template && remove.mutate({ id: template.id })}
        onClose={() => {
          setRemoving(false);
          remove.reset();
        }}
      />
    </Paper>
  );
}

/** 'Guardar como plantilla': the form's content under a name. */
function SaveTemplateDialog({
  content,
  onClose,
  onSaved,
}: {
  content: ShipmentContentValues;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useEntityForm({
    initial: { name: content.title },
    schema: ZShipmentTemplateValues,
    input: ({ name }) => ({
      ...content,
      redirectURL: content.redirectURL.trim() || null,
      name,
    }),
    // The content's own errors are the form's below: said above the buttons here.
    place: (parts) => (parts[0] === 'name' ? 'name' : null),
    within: 'values',
  });
  const save = useMutation(
    trpc.notification.saveTemplate.mutationOptions({
      onSuccess: async (saved) => {
        await queryClient.invalidateQueries(trpc.notification.templates.queryFilter());
        notifications.show({ color: 'teal', message: texts.saved });
        onSaved(saved.id);
      },
      onError: form.onError,
    }),
  );
  return (
    <EntityDialog
      title={texts.save}
      onClose={onClose}
      onSubmit={() => form.submit((values) => save.mutate({ values }))}
      form={form}
      saving={save.isPending}
      size={420}
    >
      <TextInput
        label={texts.name}
        required
        data-autofocus
        value={form.values.name}
        onChange={(event) => form.set('name', event.currentTarget.value)}
        error={form.errorOf('name')}
        maxLength={120}
      />
    </EntityDialog>
  );
}
