import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { REQUEST_PANEL_FIRST, statusColour } from '@cartera/domain/request-sales';
import { es } from '@cartera/domain/i18n';
import { formatDate } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { Panel } from '../../ui/panel';
import { PlusIcon } from '../../ui/icons';
import { QueryError } from '../../ui/query-error';
import { useRequestSales } from './request-sales-context';

const t = es.requestSales;

/**
 * The contact's 'Solicitudes' (02 §2 screen 3): its requests newest first, the first three with
 * 'Ver mas' / 'Ver menos' for the rest, each with its status badge in the 02 §4 colours and its
 * unseen comments; the new-request button. A row opens the request in the editor.
 */
export function RequestsPanel({ contactId }: { contactId: string }) {
  const trpc = useTRPC();
  const editor = useRequestSales();
  const [all, setAll] = useState(false);
  const requests = useQuery(trpc.requestSale.listByContact.queryOptions({ contactId }));
  const items = requests.data ?? [];
  const shown = all ? items : items.slice(0, REQUEST_PANEL_FIRST);

  return (
    <Panel titleId="requests-title" title={t.panelTitle}>
      <Stack gap="xs" py="xs" data-testid="requests-panel">
        {requests.error && (
          <QueryError error={requests.error} onRetry={() => void requests.refetch()} />
        )}
        {requests.isSuccess && items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t.empty}
          </Text>
        )}
        {shown.map((request) => (
          <UnstyledButton
            key={request.id}
            onClick={() => editor?.openRequest(request.id)}
            data-testid="request-row"
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {request.template.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(request.createdAt)}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                {request.unseenCount > 0 && (
                  <Badge size="sm" color="red" circle data-testid="row-unseen">
                    {request.unseenCount}
                  </Badge>
                )}
                <Badge
                  color={statusColour(request.statusType)}
                  variant="light"
                  tt="none"
                  data-testid="request-status"
                >
                  {request.status}
                </Badge>
              </Group>
            </Group>
          </UnstyledButton>
        ))}
        {items.length > REQUEST_PANEL_FIRST && (
          <Anchor component="button" size="sm" onClick={() => setAll((open) => !open)}>
            {all ? t.less : t.more}
          </Anchor>
        )}
        {editor && (
          <Button
            variant="light"
            size="xs"
            w="fit-content"
            leftSection={<PlusIcon size={14} />}
            onClick={editor.startRequest}
          >
            {t.newRequest}
          </Button>
        )}
      </Stack>
    </Panel>
  );
}
