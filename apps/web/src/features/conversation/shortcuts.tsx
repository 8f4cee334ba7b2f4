import {
  createContext,
  useContext,
  useMemo,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import {
  SHORTCUT_WINDOW_DEFAULT,
  SHORTCUT_WINDOW_LARGE,
  SHORTCUT_WINDOW_MIN,
  shortcutTarget,
  type Shortcut,
  type ShortcutData,
} from '@cartera/domain/shortcuts';
import { framedPageUrl } from '../../lib/framed-page';
import { useTRPC } from '../../lib/trpc';
import { ExternalLinkIcon, MaximizeIcon, MinimizeIcon, XIcon } from '../../ui/icons';
import { QueryError } from '../../ui/query-error';
import { ShortcutAvatar } from '../../ui/shortcut-avatar';
import { useMe } from '../auth/session';
import { contactName, type ContactDetail } from '../contacts/contact-format';

const t = es.conversation.shortcut;

/** 03 §5: the invalid-template toast stays 2000 ms. */
const INVALID_TOAST_MS = 2000;

interface OpenWindow {
  key: number;
  title: string;
  url: string;
}

interface ShortcutsValue {
  query: ReturnType<typeof useShortcutsQuery>;
  open: (shortcut: Shortcut) => void;
}

const ShortcutsContext = createContext<ShortcutsValue | null>(null);

function useShortcutsQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.catalog.shortcuts.queryOptions());
}

/** The company's shortcuts of a conversation and the way to open one (null outside of one). */
export function useShortcuts() {
  return useContext(ShortcutsContext);
}

/**
 * The data a shortcut's URL template is filled from (03 §5): the contact (with its phones as
 * numbers, as the legacy templates write `{{contact.phones.0}}`), the user, the user's group and
 * the company.
 */
function useShortcutData(contact: ContactDetail): ShortcutData {
  const me = useMe();
  return useMemo(
    () => ({
      contact: {
        ...contact,
        _id: contact.id,
        name: contactName(contact),
        phones: contact.phones.map((each) => each.phone),
      },
      user: me
        ? {
            _id: me.user.id,
            id: me.user.id,
            name: me.user.name,
            lastname: me.user.lastname,
            email: me.user.email,
          }
        : {},
      group: me ? { _id: me.group.id, id: me.group.id, name: me.group.name } : {},
      company: me ? { _id: me.tenant.id, id: me.tenant.id, name: me.tenant.name } : {},
    }),
    [contact, me],
  );
}

/**
 * The shortcuts of the contact's conversation (03 §2.1, §2.2, §5): the composer's tabs and the
 * info panel's section open them through here. An internal one opens in the floating window
 * (one at a time: opening another replaces it), an external one in a new tab; a template that
 * does not give an http or https address says so for 2 s, a missing one says 'Url no
 * especificada'.
 */
export function ShortcutsProvider({
  contact,
  children,
}: {
  contact: ContactDetail;
  children: ReactNode;
}) {
  const query = useShortcutsQuery();
  const data = useShortcutData(contact);
  const [shown, setShown] = useState<OpenWindow | null>(null);
  const opened = useRef(0);

  const value = useMemo<ShortcutsValue>(
    () => ({
      query,
      open: (shortcut) => {
        const target = shortcutTarget(shortcut.url, data);
        if (!target.ok) {
          notifications.show({
            color: 'red',
            message: target.reason === 'missing' ? t.missingUrl : t.invalidUrl,
            autoClose: target.reason === 'missing' ? undefined : INVALID_TOAST_MS,
          });
          return;
        }
        if (shortcut.redirectionType === 'external') {
          window.open(target.url, '_blank', 'noopener,noreferrer');
          return;
        }
        opened.current += 1;
        setShown({ key: opened.current, title: shortcut.title, url: target.url });
      },
    }),
    [query, data],
  );

  return (
    <ShortcutsContext.Provider value={value}>
      {children}
      {shown && <ShortcutWindow key={shown.key} shown={shown} onClose={() => setShown(null)} />}
    </ShortcutsContext.Provider>
  );
}

/** The composer's shortcut tabs (03 §2.2), after its own tabs. */
export function ShortcutTabs() {
  const shortcuts = useShortcuts();
  const list = shortcuts?.query.data ?? [];
  if (!shortcuts || list.length === 0) return null;
  return (
    <Group gap={6} data-testid="shortcut-tabs">
      {list.map((shortcut) => (
        <Button
          key={shortcut.id}
          size="compact-xs"
          variant="subtle"
          color="gray"
          leftSection={<ShortcutAvatar avatar={shortcut.avatar} size={16} />}
          rightSection={
            shortcut.redirectionType === 'external' ? <ExternalLinkIcon size={12} /> : null
          }
          title={
            shortcut.redirectionType === 'external'
              ? format(t.external, { title: shortcut.title })
              : undefined
          }
          onClick={() => shortcuts.open(shortcut)}
        >
          {shortcut.title}
        </Button>
      ))}
    </Group>
  );
}

/** The info panel's 'Accesos directos' (03 §2.1). */
export function ShortcutsSection() {
  const shortcuts = useShortcuts();
  if (!shortcuts) return null;
  const { query } = shortcuts;
  if (query.isPending) return <Skeleton height={24} radius="sm" />;
  if (query.isError && !query.data) return <QueryError query={query} />;
  const list = query.data ?? [];
  if (list.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {es.conversation.infoPanel.shortcutsEmpty}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {list.map((shortcut) => (
        <UnstyledButton
          key={shortcut.id}
          onClick={() => shortcuts.open(shortcut)}
          title={
            shortcut.redirectionType === 'external'
              ? format(t.external, { title: shortcut.title })
              : undefined
          }
          py={4}
        >
          <Group gap="xs" wrap="nowrap">
            <ShortcutAvatar avatar={shortcut.avatar} />
            <Text size="sm" truncate="end" style={{ flex: 1 }}>
              {shortcut.title}
            </Text>
            {shortcut.redirectionType === 'external' && <ExternalLinkIcon size={14} />}
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The window at a size of 03 §9 (425 × 300 when it opens, 1080 × 720 enlarged), as much of it
 * as the viewport holds, at the bottom right.
 */
function boxOfSize(size: { width: number; height: number }): Box {
  const width = Math.min(size.width, Math.max(SHORTCUT_WINDOW_MIN.width, window.innerWidth - 48));
  const height = Math.min(
    size.height,
    Math.max(SHORTCUT_WINDOW_MIN.height, window.innerHeight - 48),
  );
  return {
    left: Math.max(0, window.innerWidth - width - 24),
    top: Math.max(0, window.innerHeight - height - 24),
    width,
    height,
  };
}

/**
 * An internal shortcut's floating window (03 §5): the page in an iframe under a bar with its
 * title, 'open in a new tab' and close; dragged by its bar, resized from its corner, never
 * smaller than 200 × 150. While it is dragged or resized the iframe lets the pointer through.
 */
function ShortcutWindow({ shown, onClose }: { shown: OpenWindow; onClose: () => void }) {
  const [box, setBox] = useState<Box>(() => boxOfSize(SHORTCUT_WINDOW_DEFAULT));
  const [large, setLarge] = useState(false);
  const toggleSize = () => {
    setBox(boxOfSize(large ? SHORTCUT_WINDOW_DEFAULT : SHORTCUT_WINDOW_LARGE));
    setLarge(!large);
  };
  const [dragging, setDragging] = useState(false);

  const follow =
    (apply: (start: Box, dx: number, dy: number) => Box) =>
    (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      if ((event.target as HTMLElement).closest('button, a')) return;
      event.preventDefault();
      const start = box;
      const x = event.clientX;
      const y = event.clientY;
      setDragging(true);
      const move = (moved: PointerEvent) =>
        setBox(apply(start, moved.clientX - x, moved.clientY - y));
      const end = () => {
        setDragging(false);
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', end);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', end);
    };

  const drag = follow((start, dx, dy) => ({
    ...start,
    left: Math.min(Math.max(0, start.left + dx), window.innerWidth - 80),
    top: Math.min(Math.max(0, start.top + dy), window.innerHeight - 40),
  }));
  const resize = follow((start, dx, dy) => ({
    ...start,
    width: Math.max(SHORTCUT_WINDOW_MIN.width, start.width + dx),
    height: Math.max(SHORTCUT_WINDOW_MIN.height, start.height + dy),
  }));

  return (
    <Paper
      role="dialog"
      aria-label={shown.title}
      shadow="xl"
      withBorder
      radius="md"
      data-testid="shortcut-window"
      style={{
        position: 'fixed',
        left: box.left,
        top: box.top,
        width: box.width,
        height: box.height,
        minWidth: SHORTCUT_WINDOW_MIN.width,
        minHeight: SHORTCUT_WINDOW_MIN.height,
        zIndex: 300,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <Group
        justify="space-between"
        wrap="nowrap"
        gap="xs"
        px="sm"
        py={4}
        bg="gray.0"
        style={{ cursor: 'move', userSelect: 'none', touchAction: 'none' }}
        onPointerDown={drag}
      >
        <Text size="sm" fw={600} truncate="end">
          {shown.title}
        </Text>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={large ? t.restore : t.enlarge}
            title={large ? t.restore : t.enlarge}
            onClick={toggleSize}
          >
            {large ? <MinimizeIcon size={14} /> : <MaximizeIcon size={14} />}
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            component="a"
            href={shown.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t.openInTab}
            title={t.openInTab}
          >
            <ExternalLinkIcon size={14} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={format(t.close, { title: shown.title })}
            onClick={onClose}
          >
            <XIcon size={14} />
          </ActionIcon>
        </Group>
      </Group>
      <iframe
        title={shown.title}
        src={framedPageUrl(shown.url)}
        sandbox="allow-forms allow-popups allow-same-origin allow-scripts allow-downloads"
        referrerPolicy="strict-origin-when-cross-origin"
        style={{
          flex: 1,
          width: '100%',
          border: 0,
          pointerEvents: dragging ? 'none' : undefined,
        }}
      />
      <div
        aria-hidden
        data-testid="shortcut-window-resize"
        onPointerDown={resize}
        style={{
          position: 'absolute',
          right: 0,
          bottom: 0,
          width: 16,
          height: 16,
          cursor: 'nwse-resize',
          touchAction: 'none',
          background:
            'linear-gradient(135deg, transparent 50%, var(--mantine-color-gray-5) 50%, var(--mantine-color-gray-5) 60%, transparent 60%, transparent 75%, var(--mantine-color-gray-5) 75%, var(--mantine-color-gray-5) 85%, transparent 85%)',
        }}
      />
    </Paper>
  );
}
