import { useState } from 'react';
import { Group, Input, Radio, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import {
  REDIRECTION_TYPES,
  SHORTCUT_ICONS,
  ZShortcutInput,
  type RedirectionType,
  type Shortcut,
  type ShortcutIcon,
} from '@cartera/domain/shortcuts';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog, useRemoval } from '../../ui/confirm-dialog';
import { DataTable, EditRemoveActions, RowAction } from '../../ui/data-table';
import { EntityDialog } from '../../ui/entity-dialog';
import { ArrowDownIcon, ArrowUpIcon } from '../../ui/icons';
import { Panel } from '../../ui/panel';
import { ShortcutAvatar, ShortcutIconGlyph } from '../../ui/shortcut-avatar';
import { useEntityForm } from '../../ui/use-entity-form';

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
  const deleting = useRemoval<Shortcut>();
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
        deleting.close();
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
      <DataTable
        query={list}
        items={rows}
        rowKey={(shortcut) => shortcut.id}
        labelledBy="company-shortcuts"
        busy={order.isPending}
        empty={t.empty}
        loadingRows={2}
        columns={[
          {
            key: 'order',
            header: t.order,
            width: 90,
            cell: (shortcut, index) => (
              <Group gap={2} wrap="nowrap">
                <RowAction
                  size="sm"
                  label={format(t.moveUp, { title: shortcut.title })}
                  icon={<ArrowUpIcon size={14} />}
                  disabled={index === 0 || order.isPending}
                  onClick={() => move(index, -1)}
                />
                <RowAction
                  size="sm"
                  label={format(t.moveDown, { title: shortcut.title })}
                  icon={<ArrowDownIcon size={14} />}
                  disabled={index === rows.length - 1 || order.isPending}
                  onClick={() => move(index, 1)}
                />
              </Group>
            ),
          },
          {
            key: 'title',
            header: t.titleLabel,
            cell: (shortcut) => (
              <Group gap="xs" wrap="nowrap">
                <ShortcutAvatar avatar={shortcut.avatar} />
                <Text size="sm" fw={600}>
                  {shortcut.title}
                </Text>
              </Group>
            ),
          },
          {
            key: 'redirectionType',
            header: t.redirectionType,
            cell: (shortcut) => (
              <Text size="sm">{t.redirectionTypes[shortcut.redirectionType]}</Text>
            ),
          },
          {
            key: 'url',
            header: t.url,
            maw: 320,
            cell: (shortcut) => (
              <Text size="xs" ff="monospace" truncate="end" title={shortcut.url}>
                {shortcut.url}
              </Text>
            ),
          },
        ]}
        actions={{
          label: text.actions,
          width: 90,
          cell: (shortcut) => (
            <EditRemoveActions
              editLabel={format(text.edit, { name: shortcut.title })}
              removeLabel={format(t.delete, { title: shortcut.title })}
              onEdit={() => setEditing(shortcut)}
              onRemove={() => deleting.ask(shortcut)}
            />
          ),
        }}
      />
      <ShortcutDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        shortcut={editing === null || editing === 'new' ? undefined : editing}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        title={t.deleteTitle}
        confirmLabel={t.deleteConfirm}
        {...deleting.dialog(remove, (shortcut) => ({ id: shortcut.id }))}
      >
        <Text size="sm">{format(t.deleteBody, { title: deleting.item?.title ?? '' })}</Text>
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

/** The domain's input of the values: the avatar by its kind. */
function inputOf(values: Values) {
  return {
    title: values.title,
    url: values.url,
    redirectionType: values.redirectionType,
    avatar:
      values.avatarKind === 'icon'
        ? { type: 'icon' as const, url: values.icon }
        : values.avatarKind === 'link'
          ? { type: 'link' as const, url: values.imageUrl }
          : null,
  };
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
  const form = useEntityForm({
    initial: (): Values => ({
      title: shortcut?.title ?? '',
      url: shortcut?.url ?? '',
      redirectionType: shortcut?.redirectionType ?? 'internal',
      avatarKind: shortcut?.avatar?.type ?? 'none',
      icon: shortcut?.avatar?.type === 'icon' ? shortcut.avatar.url : null,
      imageUrl: shortcut?.avatar?.type === 'link' ? shortcut.avatar.url : '',
    }),
    schema: ZShortcutInput,
    input: inputOf,
    within: 'data',
  });
  const { values } = form;
  const narrow = useMediaQuery('(max-width: 30em)');
  const options = {
    onSuccess: () => {
      void queryClient.invalidateQueries(trpc.catalog.shortcuts.pathFilter());
      notifications.show({ color: 'teal', message: text.saved });
      onClose();
    },
    onError: form.onError,
  };
  const create = useMutation(trpc.catalog.createShortcut.mutationOptions(options));
  const update = useMutation(trpc.catalog.updateShortcut.mutationOptions(options));

  return (
    <EntityDialog
      opened={opened}
      onClose={onClose}
      title={shortcut ? t.editTitle : t.createTitle}
      size={560}
      form={form}
      saving={create.isPending || update.isPending}
      submitLabel={text.save}
      cancelLabel={text.cancel}
      onSubmit={() =>
        form.submit((data) => {
          if (shortcut) update.mutate({ id: shortcut.id, data });
          else create.mutate(data);
        })
      }
    >
      <TextInput
        label={t.titleLabel}
        withAsterisk
        value={values.title}
        maxLength={60}
        onChange={(event) => form.set('title', event.currentTarget.value)}
        error={form.errorOf('title')}
        data-autofocus
      />
      <TextInput
        label={t.url}
        description={t.urlHint}
        withAsterisk
        value={values.url}
        maxLength={2000}
        placeholder="https://"
        onChange={(event) => form.set('url', event.currentTarget.value)}
        error={form.errorOf('url')}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Radio.Group
        label={t.redirectionType}
        value={values.redirectionType}
        onChange={(value) => form.set('redirectionType', value as RedirectionType)}
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
          // On a phone the three kinds stack: side by side the last one is cut.
          orientation={narrow ? 'vertical' : 'horizontal'}
          value={values.avatarKind}
          onChange={(value) => form.change({ avatarKind: value as AvatarKind }, 'avatar')}
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
          onChange={(value) => form.change({ icon: value as ShortcutIcon }, 'avatar')}
          error={form.errorOf('avatar')}
        />
      )}
      {values.avatarKind === 'link' && (
        <TextInput
          label={t.avatarUrl}
          withAsterisk
          value={values.imageUrl}
          maxLength={2000}
          placeholder="https://"
          onChange={(event) => form.change({ imageUrl: event.currentTarget.value }, 'avatar')}
          error={form.errorOf('avatar')}
        />
      )}
    </EntityDialog>
  );
}
