import { useState } from 'react';
import {
  ActionIcon,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
  Alert,
  Input,
  Radio,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import {
  REDIRECTION_TYPES,
  SHORTCUT_ICONS,
  shortcutTemplateValid,
  type RedirectionType,
  type Shortcut,
  type ShortcutIcon,
} from '@cartera/domain/shortcuts';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormActions } from '../../ui/form-actions';
import { ArrowDownIcon, ArrowUpIcon, PencilIcon, TrashIcon } from '../../ui/icons';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';
import { ShortcutAvatar, ShortcutIconGlyph } from '../../ui/shortcut-avatar';
import { useConfigFormErrors } from './config-dialog';

const text = es.company;
const t = text.shortcuts;

type AvatarKind = 'none' | 'icon' | 'link';

/**
 * 'Accesos directos' (03 §3 Shortcut): the company's shortcuts in the order the conversation
 * shows them, each with its avatar, title, where it opens and its URL template; created and
 * edited in a dialog, moved up and down, deleted after a confirmation.
 */
export function ShortcutsEditor() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.catalog.shortcuts.queryOptions());
  const [editing, setEditing] = useState<Shortcut | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Shortcut | null>(null);
  const setList = (shortcuts: Shortcut[]) =>
    queryClient.setQueryData(trpc.catalog.shortcuts.queryKey(), shortcuts);
  const refresh = () => void queryClient.invalidateQueries(trpc.catalog.shortcuts.pathFilter());
  const order = useMutation(
    trpc.catalog.orderShortcuts.mutationOptions({
      onSuccess: (shortcuts) => {
        setList(shortcuts);
        notifications.show({ color: 'teal', message: t.moved });
      },
      onError: (error) => {
        refresh();
        notifications.show({ color: 'red', message: userMessageOf(error) });
      },
    }),
  );
  const remove = useMutation(
    trpc.catalog.deleteShortcut.mutationOptions({
      onSuccess: (shortcuts, { id }) => {
        const gone = list.data?.find((each) => each.id === id);
        setList(shortcuts);
        setDeleting(null);
        notifications.show({
          color: 'teal',
          message: format(t.deleted, { title: gone?.title ?? '' }),
        });
      },
    }),
  );
  const rows = list.data ?? [];

  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((each) => each.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    order.mutate({ ids });
  };

  return (
    <Panel
      titleId="company-shortcuts"
      title={t.title}
      action={{ label: t.create, onClick: () => setEditing('new') }}
    >
      <Text size="xs" c="dimmed">
        {t.intro}
      </Text>
      {list.isError && !list.data ? (
        <QueryError query={list} maw={560} />
      ) : (
        <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={640} type="native">
            <Table
              verticalSpacing="xs"
              horizontalSpacing="md"
              aria-labelledby="company-shortcuts"
              aria-busy={list.isFetching || order.isPending || undefined}
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th w={90}>{t.order}</Table.Th>
                  <Table.Th>{t.titleLabel}</Table.Th>
                  <Table.Th>{t.redirectionType}</Table.Th>
                  <Table.Th>{t.url}</Table.Th>
                  <Table.Th w={90}>
                    <VisuallyHidden>{text.actions}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending ? (
                  [0, 1].map((row) => (
                    <Table.Tr key={row}>
                      <Table.Td colSpan={5}>
                        <Skeleton height={12} radius="sm" />
                      </Table.Td>
                    </Table.Tr>
                  ))
                ) : rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text size="sm" c="dimmed" ta="center" py="md">
                        {t.empty}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  rows.map((shortcut, index) => (
                    <Table.Tr key={shortcut.id}>
                      <Table.Td>
                        <Group gap={2} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="sm"
                            aria-label={format(t.moveUp, { title: shortcut.title })}
                            disabled={index === 0 || order.isPending}
                            onClick={() => move(index, -1)}
                          >
                            <ArrowUpIcon size={14} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="sm"
                            aria-label={format(t.moveDown, { title: shortcut.title })}
                            disabled={index === rows.length - 1 || order.isPending}
                            onClick={() => move(index, 1)}
                          >
                            <ArrowDownIcon size={14} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <ShortcutAvatar avatar={shortcut.avatar} />
                          <Text size="sm" fw={600}>
                            {shortcut.title}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{t.redirectionTypes[shortcut.redirectionType]}</Text>
                      </Table.Td>
                      <Table.Td maw={320}>
                        <Text size="xs" ff="monospace" truncate="end" title={shortcut.url}>
                          {shortcut.url}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={2} wrap="nowrap">
                          <Tooltip label={format(text.edit, { name: shortcut.title })} withArrow>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={format(text.edit, { name: shortcut.title })}
                              onClick={() => setEditing(shortcut)}
                            >
                              <PencilIcon size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={format(t.delete, { title: shortcut.title })} withArrow>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={format(t.delete, { title: shortcut.title })}
                              onClick={() => {
                                remove.reset();
                                setDeleting(shortcut);
                              }}
                            >
                              <TrashIcon size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <ShortcutDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        shortcut={editing === null || editing === 'new' ? undefined : editing}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t.deleteTitle}
        confirmLabel={t.deleteConfirm}
        loading={remove.isPending}
        error={remove.error ? userMessageOf(remove.error) : null}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      >
        <Text size="sm">{format(t.deleteBody, { title: deleting?.title ?? '' })}</Text>
      </ConfirmDialog>
    </Panel>
  );
}

interface Values {
  title: string;
  url: string;
  redirectionType: RedirectionType;
  avatarKind: AvatarKind;
  icon: ShortcutIcon | null;
  imageUrl: string;
}

function clientErrors(values: Values) {
  const errors: Partial<Record<string, string>> = {};
  if (!values.title.trim()) errors.title = t.titleRequired;
  const url = values.url.trim();
  if (!url) errors.url = t.urlRequired;
  else if (!shortcutTemplateValid(url)) errors.url = t.urlInvalid;
  if (values.avatarKind === 'icon' && !values.icon) errors.avatar = t.avatarIconRequired;
  if (values.avatarKind === 'link' && !/^https?:\/\/\S+$/i.test(values.imageUrl.trim())) {
    errors.avatar = t.avatarUrlInvalid;
  }
  return errors;
}

/** Create or edit one shortcut: title, URL template, where it opens and its avatar. */
function ShortcutDialog({
  shortcut,
  opened,
  onClose,
}: {
  shortcut: Shortcut | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>({
    title: shortcut?.title ?? '',
    url: shortcut?.url ?? '',
    redirectionType: shortcut?.redirectionType ?? 'internal',
    avatarKind: shortcut?.avatar?.type ?? 'none',
    icon: shortcut?.avatar?.type === 'icon' ? shortcut.avatar.url : null,
    imageUrl: shortcut?.avatar?.type === 'link' ? shortcut.avatar.url : '',
  });
  const errors = useConfigFormErrors(clientErrors(values));
  const options = {
    onSuccess: () => {
      void queryClient.invalidateQueries(trpc.catalog.shortcuts.pathFilter());
      notifications.show({ color: 'teal', message: text.saved });
      onClose();
    },
    onError: errors.onError,
  };
  const create = useMutation(trpc.catalog.createShortcut.mutationOptions(options));
  const update = useMutation(trpc.catalog.updateShortcut.mutationOptions(options));
  const saving = create.isPending || update.isPending;
  const change = (changed: Partial<Values>, field: string) => {
    setValues({ ...values, ...changed });
    errors.clear(field);
  };

  function submit() {
    if (!errors.submit()) return;
    const data = {
      title: values.title.trim(),
      url: values.url.trim(),
      redirectionType: values.redirectionType,
      avatar:
        values.avatarKind === 'icon' && values.icon
          ? { type: 'icon' as const, url: values.icon }
          : values.avatarKind === 'link'
            ? { type: 'link' as const, url: values.imageUrl.trim() }
            : null,
    };
    if (shortcut) update.mutate({ id: shortcut.id, data });
    else create.mutate(data);
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={shortcut ? t.editTitle : t.createTitle}
      size={560}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t.titleLabel}
            withAsterisk
            value={values.title}
            maxLength={60}
            onChange={(event) => change({ title: event.currentTarget.value }, 'title')}
            error={errors.errorOf('title')}
            data-autofocus
          />
          <TextInput
            label={t.url}
            description={t.urlHint}
            withAsterisk
            value={values.url}
            maxLength={2000}
            placeholder="https://"
            onChange={(event) => change({ url: event.currentTarget.value }, 'url')}
            error={errors.errorOf('url')}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Radio.Group
            label={t.redirectionType}
            value={values.redirectionType}
            onChange={(value) =>
              change({ redirectionType: value as RedirectionType }, 'redirectionType')
            }
          >
            <Group gap="lg" mt={6}>
              {REDIRECTION_TYPES.map((type) => (
                <Radio key={type} value={type} label={t.redirectionTypes[type]} />
              ))}
            </Group>
          </Radio.Group>
          <Input.Wrapper label={t.avatar}>
            <SegmentedControl
              mt={4}
              fullWidth
              value={values.avatarKind}
              onChange={(value) => change({ avatarKind: value as AvatarKind }, 'avatar')}
              data={(['none', 'icon', 'link'] as const).map((kind) => ({
                value: kind,
                label: t.avatarTypes[kind],
              }))}
            />
          </Input.Wrapper>
          {values.avatarKind === 'icon' && (
            <Select
              label={t.avatarIcon}
              withAsterisk
              data={SHORTCUT_ICONS.map((icon) => ({ value: icon, label: t.icons[icon] }))}
              value={values.icon}
              allowDeselect={false}
              leftSection={values.icon ? <ShortcutIconGlyph name={values.icon} /> : null}
              renderOption={({ option }) => (
                <Group gap="xs">
                  <ShortcutIconGlyph name={option.value as ShortcutIcon} />
                  {option.label}
                </Group>
              )}
              onChange={(value) => change({ icon: value as ShortcutIcon }, 'avatar')}
              error={errors.errorOf('avatar')}
            />
          )}
          {values.avatarKind === 'link' && (
            <TextInput
              label={t.avatarUrl}
              withAsterisk
              value={values.imageUrl}
              maxLength={2000}
              placeholder="https://"
              onChange={(event) => change({ imageUrl: event.currentTarget.value }, 'avatar')}
              error={errors.errorOf('avatar')}
            />
          )}
          {errors.message && (
            <Alert color="red" variant="light" role="alert">
              {errors.message}
            </Alert>
          )}
          <FormActions
            cancelLabel={text.cancel}
            onCancel={onClose}
            submitLabel={text.save}
            loading={saving}
            cancelDisabled={saving}
          />
        </Stack>
      </form>
    </Modal>
  );
}
