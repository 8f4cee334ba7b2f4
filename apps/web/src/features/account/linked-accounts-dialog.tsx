import { Alert, Modal, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { AccountRow, EmptyList } from './account-row';
import { useApplySwitch, useSwitchedMessage } from './use-account-switch';
import { QueryError } from '../../ui/query-error';

/** 'Cambiar de cuenta' for users with linked accounts: the other accounts of the same person. */
export function LinkedAccountsDialog({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const linked = useQuery(trpc.account.linked.queryOptions());
  const apply = useApplySwitch();
  const switchedMessage = useSwitchedMessage();
  const switchLinked = useMutation(trpc.account.switchLinked.mutationOptions());

  return (
    <Modal opened onClose={onClose} title={es.accountSwitcher.title} size="md" centered>
      <Stack gap="md">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
          {es.accountSwitcher.linkedTitle}
        </Text>
        {switchLinked.isError && (
          <Alert color="red" variant="light" role="alert">
            {userMessageOf(switchLinked.error)}
          </Alert>
        )}
        {linked.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={es.app.loading}>
            <Skeleton height={44} radius="md" />
            <Skeleton height={44} radius="md" />
          </Stack>
        ) : linked.isError ? (
          <QueryError query={linked} />
        ) : linked.data.length === 0 ? (
          <EmptyList>{es.accountSwitcher.linkedEmpty}</EmptyList>
        ) : (
          <ScrollArea.Autosize mah={400} type="auto" offsetScrollbars>
            <Stack gap={2}>
              {linked.data.map((user) => (
                <AccountRow
                  key={user.id}
                  user={user}
                  busy={switchLinked.isPending && switchLinked.variables?.userId === user.id}
                  disabled={switchLinked.isPending}
                  onClick={() =>
                    switchLinked.mutate(
                      { tenantId: user.tenantId, userId: user.id },
                      {
                        onSuccess: (next) => {
                          onClose();
                          void apply(next, switchedMessage(next));
                        },
                      },
                    )
                  }
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}
