import { useState } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { ROLE_LABELS } from '@cartera/domain/roles';
import type { RouterOutputs } from '@cartera/server/router';
import { userMessageOf } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { QueryError } from '../../../ui/query-error';
import { ScreenLabel } from './screen-label';
import { TemplateEditor } from './template-editor';

const texts = es.requestSalesOffice.templates;

export type StoredTemplate = RouterOutputs['requestSale']['templates'][number];

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
  const [deactivating, setDeactivating] = useState<StoredTemplate | null>(null);
  const setActive = useMutation(
    trpc.requestSale.setTemplateActive.mutationOptions({
      onSuccess: (saved) => {
        void queryClient.invalidateQueries(trpc.requestSale.pathFilter());
        notifications.show({
          color: 'teal',
          message: saved.active ? texts.activated : texts.deactivated,
        });
        setDeactivating(null);
      },
      onError: (failure) => {
        if (!deactivating) notifications.show({ color: 'red', message: userMessageOf(failure) });
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
      {templates.isError ? (
        <QueryError query={templates} />
      ) : templates.isPending ? (
        <Stack gap="xs">
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : templates.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="templates-empty">
          {texts.empty}
        </Text>
      ) : (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={640} type="native">
            <Table verticalSpacing="xs" horizontalSpacing="md" aria-label={texts.title}>
              <Table.Tbody>
                {templates.data.map((template) => (
                  <Table.Tr key={template.id} data-testid="template-row">
                    <Table.Td>
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
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {template.roles.length === 0
                          ? texts.roleAll
                          : template.roles.map((role) => ROLE_LABELS[role]).join(', ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {format(texts.fields, { n: template.body.length })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => setEditing(template)}>
                          {texts.edit}
                        </Button>
                        {template.active ? (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setDeactivating(template)}
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
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <ConfirmDialog
        opened={deactivating !== null}
        title={texts.deactivateTitle}
        confirmLabel={texts.deactivate}
        reversible
        loading={setActive.isPending}
        error={deactivating && setActive.error ? userMessageOf(setActive.error) : null}
        onConfirm={() => deactivating && setActive.mutate({ id: deactivating.id, active: false })}
        onClose={() => {
          setActive.reset();
          setDeactivating(null);
        }}
      >
        <Text size="sm">
          {format(texts.deactivateQuestion, { title: deactivating?.title ?? '' })}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
