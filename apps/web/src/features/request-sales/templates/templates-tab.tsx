import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { ROLE_LABELS } from '@cartera/domain/roles';
import { userMessageOf } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog, useRemoval } from '../../../ui/confirm-dialog';
import { DataTable } from '../../../ui/data-table';
import { ScreenLabel } from './screen-label';
import { TemplateEditor } from './template-editor';
import type { StoredTemplate } from './stored-template';

const texts = es.requestSalesOffice.templates;

/**
 * 'Plantillas' (issue #15 item 3): the company's request templates, active and deactivated,
 * the default first; one opens in the editor, a new one starts empty, one is deactivated after
 * confirmation (its requests stay readable) or activated again.
 */
export function TemplatesTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const templates = useQuery(trpc.requestSale.templates.queryOptions({ includeInactive: true }));
  const [editing, setEditing] = useState<StoredTemplate | 'new' | null>(null);
  const deactivating = useRemoval<StoredTemplate>();
  const setActive = useMutation(
    trpc.requestSale.setTemplateActive.mutationOptions({
      onSuccess: (saved) => {
        void queryClient.invalidateQueries(trpc.requestSale.pathFilter());
        notifications.show({
          color: 'teal',
          message: saved.active ? texts.activated : texts.deactivated,
        });
        deactivating.close();
      },
      onError: (failure) => {
        if (!deactivating.item)
          notifications.show({ color: 'red', message: userMessageOf(failure) });
      },
    }),
  );

  if (editing)
    return (
      <TemplateEditor
        template={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    );

  return (
    <Stack gap="md">
      <ScreenLabel />
      <Group justify="flex-end">
        <Button onClick={() => setEditing('new')}>{texts.new}</Button>
      </Group>
      <DataTable
        query={templates}
        items={templates.data ?? []}
        rowKey={(template) => template.id}
        label={texts.title}
        radius="md"
        rowProps={() => ({ 'data-testid': 'template-row' })}
        empty={
          <Text c="dimmed" ta="center" py="xl" data-testid="templates-empty">
            {texts.empty}
          </Text>
        }
        columns={[
          {
            key: 'title',
            header: texts.columnTitle,
            cell: (template) => (
              <Group gap="xs">
                <Text size="sm" fw={600} c={template.active ? undefined : 'dimmed'}>
                  {template.title}
                </Text>
                {template.isDefault && (
                  <Badge size="sm" variant="light">
                    {texts.default}
                  </Badge>
                )}
                {!template.active && (
                  <Badge size="sm" color="gray" variant="outline">
                    {texts.inactive}
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            key: 'roles',
            header: texts.columnRoles,
            cell: (template) => (
              <Text size="sm" c="dimmed">
                {template.roles.length === 0
                  ? texts.roleAll
                  : template.roles.map((role) => ROLE_LABELS[role]).join(', ')}
              </Text>
            ),
          },
          {
            key: 'fields',
            header: texts.columnFields,
            cell: (template) => (
              <Text size="sm" c="dimmed">
                {format(texts.fields, { n: template.body.length })}
              </Text>
            ),
          },
        ]}
        actions={{
          width: 200,
          cell: (template) => (
            <>
              <Button size="xs" variant="light" onClick={() => setEditing(template)}>
                {texts.edit}
              </Button>
              {template.active ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => deactivating.ask(template)}
                >
                  {texts.deactivate}
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="subtle"
                  loading={setActive.isPending}
                  onClick={() => setActive.mutate({ id: template.id, active: true })}
                >
                  {texts.activate}
                </Button>
              )}
            </>
          ),
        }}
      />
      <ConfirmDialog
        title={texts.deactivateTitle}
        confirmLabel={texts.deactivate}
        reversible
        {...deactivating.dialog(setActive, (template) => ({ id: template.id, active: false }))}
      >
        <Text size="sm">
          {format(texts.deactivateQuestion, { title: deactivating.item?.title ?? '' })}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
