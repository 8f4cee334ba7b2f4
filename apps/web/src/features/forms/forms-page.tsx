import { useState } from 'react';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog, useRemoval } from '../../ui/confirm-dialog';
import { DataTable, EditRemoveActions } from '../../ui/data-table';
import { PlusIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { FormDialog, type FormView } from './form-dialog';

const t = es.forms;

/**
 * 'Formularios' (/comercial/forms, issue #42 item 3): the company's forms, created and edited in
 * a dialog, deleted after a confirmation; the lead-ads channels' forms listed beside them,
 * read-only (their questions live at Meta).
 */
export function FormsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.form.list.queryOptions());
  const [editing, setEditing] = useState<FormView | 'new' | null>(null);
  const deleting = useRemoval<FormView>();
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.form.pathFilter());
    // The menu's 'Formularios' counts the company's active forms.
    void queryClient.invalidateQueries(trpc.auth.me.queryFilter());
  };
  const remove = useMutation(
    trpc.form.remove.mutationOptions({
      onSuccess: () => {
        deleting.close();
        refresh();
        notifications.show({ color: 'teal', message: t.removed });
      },
    }),
  );

  return (
    <Stack gap="md" maw={960}>
      <PageHeader
        title={t.title}
        intro={t.subtitle}
        actions={
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setEditing('new')}>
            {t.add}
          </Button>
        }
      />
      <DataTable
        query={list}
        items={list.data ?? []}
        rowKey={(form) => form.id}
        label={t.title}
        empty={
          <Stack gap={4} align="center" py="md">
            <Text size="sm">{t.empty}</Text>
            <Text size="xs" c="dimmed">
              {t.emptyHint}
            </Text>
          </Stack>
        }
        loadingRows={3}
        columns={[
          {
            key: 'name',
            header: t.columns.name,
            cell: (form) => (
              <Stack gap={2} miw={0}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {form.name}
                </Text>
                {form.description && (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {form.description}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'origin',
            header: t.columns.origin,
            width: 130,
            cell: (form) => (
              <Badge variant="light" color={form.origin === 'lead' ? 'grape' : 'blue'}>
                {t.origins[form.origin]}
              </Badge>
            ),
          },
          {
            key: 'questions',
            header: t.columns.questions,
            width: 120,
            visibleFrom: 'sm',
            cell: (form) =>
              form.origin === 'own' ? (
                <Text size="sm">{format(t.questions, { count: form.fields.length })}</Text>
              ) : (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              ),
          },
          {
            key: 'state',
            header: t.columns.state,
            width: 110,
            visibleFrom: 'sm',
            cell: (form) => (
              <Badge variant="dot" color={form.active ? 'teal' : 'gray'}>
                {form.active ? t.active : t.inactive}
              </Badge>
            ),
          },
        ]}
        actions={{
          label: es.app.actions,
          width: 90,
          cell: (form) =>
            form.origin === 'own' ? (
              <EditRemoveActions
                editLabel={`${t.edit}: ${form.name}`}
                removeLabel={`${t.remove}: ${form.name}`}
                onEdit={() => setEditing(form)}
                onRemove={() => deleting.ask(form)}
              />
            ) : null,
        }}
      />
      <FormDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        form={editing === null || editing === 'new' ? undefined : editing}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      <ConfirmDialog
        title={t.remove}
        confirmLabel={t.remove}
        {...deleting.dialog(remove, (form) => ({ id: form.id }))}
      >
        <Text size="sm">{format(t.removeConfirm, { name: deleting.item?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
