import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Popover,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SHARE_PERMISSIONS,
  SHARE_PERMISSION_LABELS,
  type SharePermission,
} from '@cartera/domain/request-sales';
import { es } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ShareIcon, XIcon } from '../../ui/icons';
import { fullNameOf } from '../auth/session';

const t = es.requestSales;
type Request = RouterOutputs['requestSale']['get'];

const permissionData = SHARE_PERMISSIONS.map((permission) => ({
  value: permission,
  label: SHARE_PERMISSION_LABELS[permission],
}));

/**
 * 'Compartir solicitud' (02 §3 Share permissions): the users it is shared with and their
 * permission ('Ver', 'Editar', 'Todo'; changed in place), removing one, and adding a user with
 * 'Ver' by default.
 */
export function ShareMenu({ request }: { request: Request }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [userId, setUserId] = useState<string | null>(null);
  const [permission, setPermission] = useState<SharePermission>('read');
  const users = useQuery(trpc.requestSale.shareUsers.queryOptions(undefined, { enabled: opened }));
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.requestSale.pathKey() });
  };
  const share = useMutation(trpc.requestSale.share.mutationOptions({ onSuccess: refresh }));
  const unshare = useMutation(trpc.requestSale.unshare.mutationOptions({ onSuccess: refresh }));
  const failure = share.error ?? unshare.error;
  const sharedIds = new Set(request.shared.map((each) => each.userId));

  return (
    <Popover opened={opened} onChange={setOpened} width={420} position="bottom-end" withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<ShareIcon size={16} />}
          onClick={() => setOpened((open) => !open)}
        >
          {t.share}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Title order={3} fz="sm">
            {t.share}
          </Title>
          {request.shared.length === 0 && (
            <Text size="sm" c="dimmed">
              {t.shareEmpty}
            </Text>
          )}
          {request.shared.map((each) => (
            <Group key={each.userId} gap="xs" wrap="nowrap" data-testid="request-share">
              <Text size="sm" style={{ flex: 1 }} truncate>
                {fullNameOf(each)}
              </Text>
              <Select
                w={110}
                size="xs"
                aria-label={t.sharePermission}
                data={permissionData}
                value={each.permission}
                allowDeselect={false}
                comboboxProps={{ withinPortal: false }}
                onChange={(next) =>
                  next &&
                  share.mutate({
                    requestId: request.id,
                    userId: each.userId,
                    permission: next as SharePermission,
                  })
                }
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t.shareRemove}
                onClick={() => unshare.mutate({ requestId: request.id, userId: each.userId })}
              >
                <XIcon size={14} />
              </ActionIcon>
            </Group>
          ))}
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Select
              style={{ flex: 1 }}
              size="xs"
              label={t.shareUser}
              searchable
              data={(users.data ?? [])
                .filter((each) => !sharedIds.has(each.id))
                .map((each) => ({ value: each.id, label: fullNameOf(each) }))}
              value={userId}
              onChange={setUserId}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              w={110}
              size="xs"
              label={t.sharePermission}
              data={permissionData}
              value={permission}
              allowDeselect={false}
              onChange={(next) => next && setPermission(next as SharePermission)}
              comboboxProps={{ withinPortal: false }}
            />
            <Button
              size="xs"
              disabled={!userId}
              loading={share.isPending}
              onClick={() =>
                userId &&
                share.mutate(
                  { requestId: request.id, userId, permission },
                  {
                    onSuccess: () => {
                      setUserId(null);
                      setPermission('read');
                    },
                  },
                )
              }
            >
              {t.shareAdd}
            </Button>
          </Group>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {userMessageOf(failure)}
            </Alert>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
