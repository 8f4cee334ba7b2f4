import { useState } from 'react';
import { Button, Divider, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { fullNameOf, useMe } from '../auth/session';
import type { AdminUser } from './admin-types';
import { useAdminSaved } from './use-admin-saved';

const text = es.admin.users;

type Confirming = 'regenerate' | 'duplicates' | 'move' | null;

/**
 * The admin's operations on a user (01 §7 'Account administration'), each behind a confirmation:
 * 'Regenerar seguimientos' (their figures counted again from the timelines), 'Quitar
 * seguimientos duplicados' (follow-ups entered twice within a minute), and 'Mover a otra
 * empresa' (a company picked from the platform's companies).
 */
export function UserOperations({ user, onMoved }: { user: AdminUser; onMoved: () => void }) {
  const trpc = useTRPC();
  const saved = useAdminSaved();
  const me = useMe();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [companyMissing, setCompanyMissing] = useState(false);
  const companies = useQuery({
    ...trpc.account.companies.queryOptions(),
    enabled: confirming === 'move',
  });
  const close = () => {
    setConfirming(null);
    regenerate.reset();
    duplicates.reset();
    move.reset();
  };
  const regenerate = useMutation(
    trpc.admin.regenerateTracings.mutationOptions({
      onSuccess: (result) => {
        setConfirming(null);
        saved.done(
          format(text.tracings.regenerated, {
            before: result.before.tracing ?? 0,
            after: result.after.tracing ?? 0,
          }),
        );
      },
    }),
  );
  const duplicates = useMutation(
    trpc.admin.removeDuplicateTracing.mutationOptions({
      onSuccess: (result) => {
        setConfirming(null);
        saved.done(format(text.tracings.removed, { count: result.removed }));
      },
    }),
  );
  const move = useMutation(
    trpc.admin.moveCompany.mutationOptions({
      onSuccess: (result) => {
        setConfirming(null);
        saved.done(
          format(text.move.moved, { name: fullNameOf(user), company: result.company.name }),
        );
        onMoved();
      },
    }),
  );
  const name = fullNameOf(user);
  const companyOptions = (companies.data ?? [])
    .filter((company) => company.id !== me?.tenant.id)
    .map((company) => ({ value: company.id, label: company.name }));

  return (
    <Stack gap="xs" mt="md">
      <Divider />
      <Text fw={600} size="sm">
        {text.tracings.title}
      </Text>
      <Text size="xs" c="dimmed">
        {text.tracings.intro}
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => setConfirming('regenerate')}>
          {text.tracings.regenerate}
        </Button>
        <Button size="xs" variant="default" onClick={() => setConfirming('duplicates')}>
          {text.tracings.removeDuplicates}
        </Button>
        {user.active && (
          <Button size="xs" variant="default" color="red" onClick={() => setConfirming('move')}>
            {text.move.action}
          </Button>
        )}
      </Group>

      <ConfirmDialog
        opened={confirming === 'regenerate'}
        title={format(text.tracings.regenerateTitle, { name })}
        confirmLabel={text.tracings.regenerate}
        reversible
        loading={regenerate.isPending}
        error={regenerate.isError ? userMessageOf(regenerate.error) : null}
        onConfirm={() => regenerate.mutate({ id: user.id })}
        onClose={close}
      >
        <Text size="sm">{text.tracings.regenerateBody}</Text>
      </ConfirmDialog>

      <ConfirmDialog
        opened={confirming === 'duplicates'}
        title={format(text.tracings.removeDuplicatesTitle, { name })}
        confirmLabel={text.tracings.removeDuplicates}
        loading={duplicates.isPending}
        error={duplicates.isError ? userMessageOf(duplicates.error) : null}
        onConfirm={() => duplicates.mutate({ id: user.id })}
        onClose={close}
      >
        <Text size="sm">{text.tracings.removeDuplicatesBody}</Text>
      </ConfirmDialog>

      <ConfirmDialog
        opened={confirming === 'move'}
        title={format(text.move.title, { name })}
        confirmLabel={text.move.confirm}
        reversible
        loading={move.isPending}
        error={move.isError ? userMessageOf(move.error) : null}
        onConfirm={() => {
          if (!companyId) return setCompanyMissing(true);
          move.mutate({ id: user.id, targetGroupId: companyId });
        }}
        onClose={close}
      >
        <Text size="sm">{text.move.body}</Text>
        <Select
          label={text.move.company}
          data={companyOptions}
          value={companyId}
          searchable
          comboboxProps={{ withinPortal: true }}
          error={companyMissing && !companyId ? text.move.companyRequired : null}
          onChange={(value) => {
            setCompanyId(value);
            setCompanyMissing(false);
          }}
        />
      </ConfirmDialog>
    </Stack>
  );
}
