import { lazy, Suspense, useState } from 'react';
import {
  Button,
  Checkbox,
  Chip,
  Group,
  Menu,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { can } from '@cartera/domain/policy';
import { useTRPC } from '../../lib/trpc';
import { SearchIcon } from '../../ui/icons';
import { useSelection } from '../../ui/selection';
import { useMe } from '../auth/session';
import { contactName } from '../contacts/contact-format';
import { SEARCH_DEBOUNCE_MS } from '../pickers/entity-pickers';
import { useOrigins, useTags } from '../contacts/tag-chip';
import { InboxList, type InboxItem } from './inbox-list';
import { canSwitchInbox } from './inbox-owner';
import classes from './inbox.module.css';
import { ALL, conversationsQuery, MINE, type InboxView } from './conversations-query';
import { InboxPicker } from './seller-picker';
import { useInboxLive } from './use-inbox-live';

// Loaded when a reminder is set for the selection: its date pickers stay out of the list's code.
const ReminderWizard = lazy(() =>
  import('../conversation/actions/reminder-wizard').then((module) => ({
    default: module.ReminderWizard,
  })),
);

/** The view's filters, without whose inbox and the tab (what 'Quitar filtros' clears). */
const FILTER_KEYS = [
  'q',
  'tag',
  'origin',
  'channel',
  'unread',
  'due',
  'unattended',
  'group',
  'order',
] as const;

const FILTER_WIDTH = 170;

/** One of the workspace's filters: a clearable select named by its placeholder. */
function FilterSelect({
  label,
  options,
  value,
  onChange,
  searchable = true,
}: {
  label: string;
  options: { value: string; label: string }[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  searchable?: boolean;
}) {
  return (
    <Select
      aria-label={label}
      placeholder={label}
      data={options}
      value={value ?? null}
      onChange={(picked) => onChange(picked ?? undefined)}
      clearable
      searchable={searchable}
      nothingFoundMessage={searchable ? es.fields.noResults : undefined}
      w={FILTER_WIDTH}
      size="xs"
    />
  );
}

/**
 * '/contact' without a contact, 'Conversaciones' (03 §2.1, issue #6, issue #33 item 3): the
 * conversations of the user's inbox (or, for super and comercial, a seller's or all they reach),
 * 'Abiertas' or 'Archivadas', narrowed by a search and filters, by last interaction or longest
 * wait, 30 at a time, kept in order live. A line opens the conversation, keeping the view in the
 * address so the list comes back as it was.
 */
export function ConversationsPage({
  view,
  onViewChange,
}: {
  view: InboxView;
  onViewChange: (patch: Partial<InboxView>) => void;
}) {
  const trpc = useTRPC();
  const me = useMe();
  const switches = me !== null && canSwitchInbox(me.user.roles);
  const viewing = switches ? view.agent : undefined;
  const text = es.conversation.inbox;
  const words = text.workspace;
  const list = useInfiniteQuery({
    ...conversationsQuery(trpc, view, switches),
    placeholderData: keepPreviousData,
  });
  // A customer's message brings their contact to the top while the list is open.
  useInboxLive(list.refetch, list.isSuccess);
  const filtered = FILTER_KEYS.some((key) => view[key] !== undefined);
  const queryClient = useQueryClient();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const selection = useSelection(items);
  // The chat open beside the list (from 1440 px) is the address's `id`; its line is marked.
  const { id: openId } = useSearch({ strict: false }) as { id?: string };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz="h2">
          {text.conversationsTitle}
        </Title>
        {switches && (
          <InboxPicker
            value={viewing}
            onChange={(agent) => onViewChange({ agent, group: undefined })}
          />
        )}
      </Group>
      <Tabs
        value={view.tab ?? 'open'}
        onChange={(tab) => onViewChange({ tab: tab === 'archived' ? 'archived' : undefined })}
      >
        <Tabs.List aria-label={words.tabs}>
          <Tabs.Tab value="open">{words.tabOpen}</Tabs.Tab>
          <Tabs.Tab value="archived">{words.tabArchived}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <SearchBox key={view.q ?? ''} value={view.q} onChange={(q) => onViewChange({ q })} />
      <InboxFilters view={view} onViewChange={onViewChange} filtered={filtered} />
      {selection.chosen.length > 0 && (
        <BulkBar
          chosen={selection.chosen}
          onDone={() => {
            selection.clear();
            // Every tab and filter of the inbox may have changed, not only this one.
            void queryClient.invalidateQueries(trpc.inbox.conversations.pathFilter());
          }}
        />
      )}
      <InboxList
        list={list}
        label={text.conversationsTitle}
        emptyText={filtered ? words.noResults : view.tab ? words.noArchived : text.empty}
        currentId={openId}
        renderRow={(item, content) => (
          <div className={classes.selectable}>
            <Checkbox
              aria-label={format(words.selectRow, { name: contactName(item) })}
              checked={selection.isSelected(item.id)}
              onChange={(event) => selection.toggle(item.id, event.currentTarget.checked)}
              data-testid="inbox-select"
            />
            <Link
              to="/contact"
              search={{
                ...view,
                inbox: viewing && viewing !== ALL ? viewing : MINE,
                id: item.id,
              }}
              className={classes.row}
            >
              {content}
            </Link>
          </div>
        )}
      />
    </Stack>
  );
}

/** The search box: the address changes once the user stops typing. */
function SearchBox({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (q: string | undefined) => void;
}) {
  const words = es.conversation.inbox.workspace;
  const [draft, setDraft] = useState(value ?? '');
  // What was typed reaches the address even if the box is replaced before the pause ends.
  const commit = useDebouncedCallback((next: string) => onChange(next.trim() || undefined), {
    delay: SEARCH_DEBOUNCE_MS,
    flushOnUnmount: true,
  });
  return (
    <TextInput
      type="search"
      aria-label={words.search}
      placeholder={words.searchPlaceholder}
      leftSection={<SearchIcon size={16} />}
      value={draft}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      data-testid="inbox-search"
    />
  );
}

function InboxFilters({
  view,
  onViewChange,
  filtered,
}: {
  view: InboxView;
  onViewChange: (patch: Partial<InboxView>) => void;
  filtered: boolean;
}) {
  const trpc = useTRPC();
  const me = useMe();
  const words = es.conversation.inbox.workspace;
  const tags = useTags();
  const origins = useOrigins();
  // The company's channels are listed to those who manage them ('Mi Empresa').
  const listsChannels = me !== null && can({ roles: me.user.roles }, 'enterCompany');
  const channels = useQuery({ ...trpc.channel.list.queryOptions(), enabled: listsChannels });
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <FilterSelect
        label={words.statusTag}
        options={(tags.data ?? []).map((tag) => ({ value: tag.code, label: tag.name }))}
        value={view.tag}
        onChange={(tag) => onViewChange({ tag })}
      />
      <FilterSelect
        label={words.origin}
        options={(origins.data ?? []).map((origin) => ({ value: origin.code, label: origin.name }))}
        value={view.origin}
        onChange={(origin) => onViewChange({ origin })}
      />
      {listsChannels && (
        <FilterSelect
          label={words.channel}
          options={(channels.data ?? []).map((channel) => ({
            value: channel.id,
            label: channel.name,
          }))}
          value={view.channel}
          onChange={(channel) => onViewChange({ channel })}
          searchable={false}
        />
      )}
      <Chip
        size="xs"
        checked={view.unread === true}
        onChange={(on) => onViewChange({ unread: on || undefined })}
      >
        {words.unread}
      </Chip>
      <Chip
        size="xs"
        checked={view.due === true}
        onChange={(on) => onViewChange({ due: on || undefined })}
      >
        {words.reminderDue}
      </Chip>
      <Chip
        size="xs"
        checked={view.unattended === true}
        onChange={(on) => onViewChange({ unattended: on || undefined })}
      >
        {words.unattended}
      </Chip>
      {view.group && view.agent === ALL && (
        <Chip size="xs" checked onChange={() => onViewChange({ group: undefined })}>
          {words.groupOnly}
        </Chip>
      )}
      <Select
        aria-label={words.order}
        data={[
          { value: 'recent', label: words.orderRecent },
          { value: 'waiting', label: words.orderWaiting },
        ]}
        value={view.order ?? 'recent'}
        onChange={(order) => onViewChange({ order: order === 'waiting' ? 'waiting' : undefined })}
        allowDeselect={false}
        w={FILTER_WIDTH}
        size="xs"
      />
      {filtered && (
        <Button
          variant="subtle"
          size="xs"
          onClick={() =>
            onViewChange(Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined])))
          }
        >
          {words.clearFilters}
        </Button>
      )}
    </Group>
  );
}

/**
 * The selected rows' actions (issue #33 item 3): archive with a reason, tag, transfer to an agent,
 * or set one reminder (the reminder wizard, issue #43 item 4), all at once. The server runs each through its single action and reports the refused.
 */
function BulkBar({ chosen, onDone }: { chosen: InboxItem[]; onDone: () => void }) {
  const trpc = useTRPC();
  const words = es.conversation.inbox.workspace;
  const contactIds = chosen.map((item) => item.id);
  const tags = useTags();
  const reasons = useQuery(
    trpc.interaction.archivingReasons.queryOptions({ contactId: contactIds[0]! }),
  );
  const agents = useQuery(trpc.contact.transferAgents.queryOptions());
  const done = (result: { done: string[]; failed: { contactId: string; code: string }[] }) => {
    notifications.show({
      color: result.failed.length ? 'orange' : 'teal',
      message: format(words.bulkDone, { n: result.done.length }),
    });
    onDone();
  };
  const archive = useMutation(trpc.inbox.bulkArchive.mutationOptions({ onSuccess: done }));
  const tag = useMutation(trpc.inbox.bulkTag.mutationOptions({ onSuccess: done }));
  const transfer = useMutation(trpc.inbox.bulkTransfer.mutationOptions({ onSuccess: done }));
  const [reminding, setReminding] = useState(false);
  const busy = archive.isPending || tag.isPending || transfer.isPending;
  return (
    <Paper withBorder radius="md" p="xs" data-testid="inbox-bulk">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {format(words.selected, { n: chosen.length })}
        </Text>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="light" loading={archive.isPending} disabled={busy}>
              {words.archiveSelected}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {(reasons.data ?? []).map((reason) => (
              <Menu.Item
                key={reason.code}
                onClick={() => archive.mutate({ contactIds, reason: reason.code })}
              >
                {reason.name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="light" loading={tag.isPending} disabled={busy}>
              {words.tagSelected}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {(tags.data ?? []).map((each) => (
              <Menu.Item key={each.code} onClick={() => tag.mutate({ contactIds, tag: each.code })}>
                {each.name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="light" loading={transfer.isPending} disabled={busy}>
              {words.transferSelected}
            </Button>
          </Menu.Target>
          <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
            {(agents.data ?? []).map((agent) => (
              <Menu.Item
                key={agent.id}
                onClick={() => transfer.mutate({ contactIds, agentId: agent.id })}
              >
                {`${agent.name} ${agent.lastname}`.trim()}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Button size="xs" variant="light" disabled={busy} onClick={() => setReminding(true)}>
          {words.remindSelected}
        </Button>
      </Group>
      {reminding && (
        <Suspense fallback={null}>
          <ReminderWizard
            contactId={contactIds}
            opened
            onClose={() => setReminding(false)}
            onDone={done}
          />
        </Suspense>
      )}
    </Paper>
  );
}
