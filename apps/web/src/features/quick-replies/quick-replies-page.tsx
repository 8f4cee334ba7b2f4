import { useMemo, useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { canManageCompanyQuickReplies } from '@cartera/domain/policy';
import { foldText } from '@cartera/domain/search';
import { guardUserOf, useMe } from '../auth/session';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog, useRemoval } from '../../ui/confirm-dialog';
import { DataTable, EditRemoveActions } from '../../ui/data-table';
import { PlusIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { SearchBox } from '../pickers/search-box';
import { QuickReplyDialog, type QuickReply, type QuickReplyScope } from './quick-reply-dialog';

const t = es.quickReplies;

/** The replies whose title, subject or text holds the search (case and accents ignored). */
function matching(replies: readonly QuickReply[], search: string): QuickReply[] {
  const term = foldText(search.trim());
  if (!term) return [...replies];
  return replies.filter((reply) =>
    [reply.title, reply.subject, reply.message].some((text) => foldText(text).includes(term)),
  );
}

/**
 * 'Respuestas rápidas' (/settings/quick-replies, issue #43 item 5): the user's own quick replies
 * and, for those who manage them, the company's; text, voice-note and e-mail ones, searched in
 * place, created and edited in a dialog, deleted after a confirmation. The composer offers them
 * with '/' (e-mail ones in the e-mail form).
 */
export function QuickRepliesPage() {
  const me = useMe();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const company = me ? canManageCompanyQuickReplies(guardUserOf(me)) : false;
  const [scope, setScope] = useState<QuickReplyScope>('personal');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<QuickReply | 'new' | null>(null);
  const deleting = useRemoval<QuickReply>();
  const list = useQuery(trpc.template.list.queryOptions({ scope }));
  const rows = useMemo(() => matching(list.data ?? [], search), [list.data, search]);
  const remove = useMutation(
    trpc.template.remove.mutationOptions({
      onSuccess: () => {
        const title = deleting.item?.title ?? '';
        deleting.close();
        void queryClient.invalidateQueries(trpc.template.pathFilter());
        notifications.show({ color: 'teal', message: format(t.deleted, { title }) });
      },
    }),
  );

  return (
    <Stack gap="md" maw={960}>
      <PageHeader
        title={t.title}
        intro={t.intro}
        actions={
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setEditing('new')}>
            {t.create}
          </Button>
        }
      />
      {company && (
        <Stack gap={4}>
          <SegmentedControl
            aria-label={t.scope}
            w="fit-content"
            value={scope}
            onChange={(value) => setScope(value as QuickReplyScope)}
            data={(['personal', 'company'] as const).map((value) => ({
              value,
              label: t.scopes[value],
            }))}
          />
          <Text size="xs" c="dimmed">
            {t.scopeIntro[scope]}
          </Text>
        </Stack>
      )}
      <SearchBox
        initial=""
        label={t.search}
        placeholder={t.searchPlaceholder}
        maw={420}
        onSearch={setSearch}
      />
      <DataTable
        query={list}
        items={rows}
        rowKey={(reply) => reply.id}
        label={t.list}
        empty={search && list.data?.length ? t.noMatches : t.empty}
        loadingRows={3}
        columns={[
          {
            key: 'title',
            header: t.titleLabel,
            cell: (reply) => (
              <Stack gap={2} miw={0}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {reply.title}
                </Text>
                {/* On a phone the type goes under the title: its column is hidden. */}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {t.types[reply.type] ?? reply.type}
                </Text>
              </Stack>
            ),
          },
          {
            key: 'type',
            header: t.type,
            width: 130,
            visibleFrom: 'sm',
            cell: (reply) => (
              <Badge variant="light" color={reply.type === 'voice-note' ? 'grape' : 'blue'}>
                {t.types[reply.type] ?? reply.type}
              </Badge>
            ),
          },
          {
            key: 'content',
            header: t.content,
            visibleFrom: 'sm',
            maw: 420,
            cell: (reply) => <ReplySummary reply={reply} />,
          },
        ]}
        actions={{
          label: t.actions,
          width: 90,
          cell: (reply) => (
            <EditRemoveActions
              editLabel={format(t.edit, { title: reply.title })}
              removeLabel={format(t.delete, { title: reply.title })}
              onEdit={() => setEditing(reply)}
              onRemove={() => deleting.ask(reply)}
            />
          ),
        }}
      />
      <QuickReplyDialog
        key={editing === null ? 'closed' : editing === 'new' ? `new-${scope}` : editing.id}
        reply={editing === null || editing === 'new' ? undefined : editing}
        scope={scope}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        title={t.deleteTitle}
        confirmLabel={es.fields.delete}
        {...deleting.dialog(remove, (reply) => ({ id: reply.id }))}
      >
        <Text size="sm">{format(t.deleteBody, { title: deleting.item?.title ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** A reply's content in one line: the subject of an e-mail, the text, or how many files. */
function ReplySummary({ reply }: { reply: QuickReply }) {
  const text =
    reply.type === 'email'
      ? reply.subject
      : reply.message || format(t.filesCount, { n: reply.files.length });
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </Group>
  );
}
