import { useState } from 'react';
import { Badge, Button, Group, Menu, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { can } from '@cartera/domain/policy';
import { ROLE_LABELS, USER_TYPE_LABELS } from '@cartera/domain/roles';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { PlusIcon } from '../../ui/icons';
import { UserAvatar } from '../../ui/user-avatar';
import { useMe } from '../auth/session';
import type { AdminGroup } from './admin-types';
import { fullName, PasswordDialog, UserDialog } from './user-dialog';
import { useAdminSaved } from './use-admin-saved';
import type { AdminUser } from './admin-types';

const text = es.admin.users;

/** A state badge reads whole: the table widens or scrolls instead of cutting it ('ACT…'). */
const WHOLE_LABEL = {
  root: { overflow: 'visible', flexShrink: 0 },
  label: { overflow: 'visible' },
} as const;

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: AdminUser }
  | { kind: 'password'; user: AdminUser }
  | { kind: 'deactivate'; user: AdminUser };

/**
 * Users as the administration lists them, one table for 'Administración' (a group's users, and on
 * request those of its subgroups) and 'Mi Empresa' (every user of the company, `scope`
 * 'company'): who they are, their roles, type and state, with 'Nuevo usuario' and, per row,
 * edit, password reset, asking for a password change, deactivation (confirmed: their sessions
 * end at once) and reactivation. New users go to `group` unless the dialog picks another.
 */
export function UsersTable({
  group,
  groups,
  scope,
  emptyText = text.empty,
}: {
  group: AdminGroup;
  groups: AdminGroup[];
  scope: 'group' | 'company';
  emptyText?: string;
}) {
  const trpc = useTRPC();
  const saved = useAdminSaved();
  const me = useMe();
  // Only an admin changes an admin (a user manager sees them, without actions).
  const mayManage = (user: AdminUser) =>
    !can(user, 'administer') || (me ? can(me.user, 'administer') : false);
  const [subtreeChosen, setSubtree] = useState(false);
  const subtree = scope === 'company' || subtreeChosen;
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const list = useQuery(
    trpc.admin.users.queryOptions({
      ...(scope === 'group' ? { groupId: group.id, subtree } : {}),
      ...(search.trim() ? { search: search.trim() } : {}),
    }),
  );
  const close = () => setDialog(null);
  const setActive = useMutation(
    trpc.admin.setUserActive.mutationOptions({
      onSuccess: (user) => {
        close();
        saved.done(
          format(user.active ? text.reactivated : text.deactivated, { name: fullName(user) }),
        );
      },
      onError: (error) => {
        if (dialog?.kind !== 'deactivate') saved.failed(error);
      },
    }),
  );
  const forceChange = useMutation(
    trpc.admin.forcePasswordChange.mutationOptions({
      onSuccess: (user) => saved.done(format(text.forceChangeDone, { name: fullName(user) })),
      onError: saved.failed,
    }),
  );
  const rows = list.data ?? [];

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end" gap="sm">
          <TextInput
            label={text.search}
            size="xs"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          {scope === 'group' && (
            <Switch
              label={text.includeSubgroups}
              size="xs"
              checked={subtreeChosen}
              onChange={(event) => setSubtree(event.currentTarget.checked)}
            />
          )}
        </Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<PlusIcon size={14} />}
          onClick={() => setDialog({ kind: 'create' })}
        >
          {text.create}
        </Button>
      </Group>
      <DataTable
        query={list}
        items={rows}
        rowKey={(user) => user.id}
        label={es.admin.tabs.users}
        minWidth={640}
        loadingRows={1}
        empty={emptyText}
        rowProps={(user) => ({ c: user.active ? undefined : 'dimmed' })}
        columns={[
          {
            key: 'name',
            header: text.name,
            cell: (user) => (
              <>
                <Group gap={6} wrap="nowrap">
                  <UserAvatar user={user} name={fullName(user)} size={24} />
                  <Text size="sm">{fullName(user)}</Text>
                </Group>
                {user.userType !== 'normal' && (
                  <Text size="xs" c="dimmed">
                    {USER_TYPE_LABELS[user.userType]}
                  </Text>
                )}
              </>
            ),
          },
          {
            key: 'email',
            header: text.email,
            cell: (user) => (
              // A long address may wrap after its '@' rather than push the row's actions away.
              <Text size="sm">
                {user.email.split('@')[0]}@<wbr />
                {user.email.split('@').slice(1).join('@')}
              </Text>
            ),
          },
          {
            key: 'roles',
            header: text.roles,
            cell: (user) => (
              <Text size="sm">{user.roles.map((role) => ROLE_LABELS[role]).join(', ')}</Text>
            ),
          },
          ...(subtree
            ? [
                {
                  key: 'group',
                  header: text.group,
                  cell: (user: AdminUser) => <Text size="sm">{user.groupName}</Text>,
                },
              ]
            : []),
          {
            key: 'status',
            header: text.status,
            cell: (user) => (
              <Group gap={4} wrap="nowrap">
                <Badge
                  size="sm"
                  variant="light"
                  color={user.active ? 'teal' : 'gray'}
                  styles={WHOLE_LABEL}
                >
                  {user.active ? text.active : text.inactive}
                </Badge>
                {user.active && user.forcePasswordChange && (
                  <Badge size="sm" variant="light" color="yellow" styles={WHOLE_LABEL}>
                    {text.mustChange}
                  </Badge>
                )}
              </Group>
            ),
          },
        ]}
        actions={{
          label: text.actions,
          width: 110,
          cell: (user) =>
            mayManage(user) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`${text.actions}: ${fullName(user)}`}
                  >
                    {text.actions}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => setDialog({ kind: 'edit', user })}>
                    {text.edit}
                  </Menu.Item>
                  <Menu.Item onClick={() => setDialog({ kind: 'password', user })}>
                    {text.resetPassword}
                  </Menu.Item>
                  {user.active && !user.forcePasswordChange && (
                    <Menu.Item onClick={() => forceChange.mutate({ id: user.id })}>
                      {text.forceChange}
                    </Menu.Item>
                  )}
                  {user.active ? (
                    <Menu.Item color="red" onClick={() => setDialog({ kind: 'deactivate', user })}>
                      {text.deactivate}
                    </Menu.Item>
                  ) : (
                    <Menu.Item onClick={() => setActive.mutate({ id: user.id, active: true })}>
                      {text.reactivate}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            ),
        }}
      />

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <UserDialog
          group={group}
          groups={groups}
          user={dialog.kind === 'edit' ? dialog.user : undefined}
          onClose={close}
        />
      )}
      {dialog?.kind === 'password' && <PasswordDialog user={dialog.user} onClose={close} />}
      <ConfirmDialog
        opened={dialog?.kind === 'deactivate'}
        title={
          dialog?.kind === 'deactivate'
            ? format(text.deactivateTitle, { name: fullName(dialog.user) })
            : ''
        }
        confirmLabel={text.deactivate}
        reversible
        loading={setActive.isPending}
        error={setActive.isError ? userMessageOf(setActive.error) : null}
        onConfirm={() =>
          dialog?.kind === 'deactivate' && setActive.mutate({ id: dialog.user.id, active: false })
        }
        onClose={() => {
          setActive.reset();
          close();
        }}
      >
        <Text size="sm">{text.deactivateBody}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
