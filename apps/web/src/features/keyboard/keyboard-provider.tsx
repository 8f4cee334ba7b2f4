import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useEffectEvent,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useTRPC } from '../../lib/trpc';
import type { Me } from '../auth/session';
import { backLink } from '../contacts/back-link';
import { CommandMenu } from './command-menu';
import { isInField, shortcutFor, type ShortcutId } from './keys';
import { ShortcutsSheet } from './shortcuts-sheet';
import { unreadNeighbour, type UnreadRow } from './unread';
import type { ChatCommandId } from './chat-commands';

/**
 * A handler of a shortcut; it returns false when it had nothing to do, so the key keeps its
 * ordinary meaning (an arrow scrolls the page when no list is there to move through).
 */
export type ShortcutHandler = () => boolean | void;

interface KeyboardValue {
  register: (id: ShortcutId, handler: ShortcutHandler) => () => void;
  registerChatCommand: (id: ChatCommandId, run: () => void) => () => void;
}

const KeyboardContext = createContext<KeyboardValue | null>(null);

/**
 * Something on screen that takes its own Escape: a modal dialog (the command menu, the sheet and
 * every Mantine modal), a menu, a popover or a floating window (role "dialog" or "menu"). They
 * close on Escape by themselves, the innermost first; the registry stays out of their way.
 */
function somethingOpen(): boolean {
  return document.querySelector('[aria-modal="true"], [role="menu"], [role="dialog"]') !== null;
}

/**
 * Whether the other shortcuts must wait: a modal dialog is open (the page behind it is out of
 * reach), or the key was pressed inside a menu, popover or floating window, whose keys are its own.
 */
function keysHeld(target: EventTarget | null): boolean {
  if (document.querySelector('[aria-modal="true"]') !== null) return true;
  return target instanceof Element && target.closest('[role="dialog"], [role="menu"]') !== null;
}

/** Whether something on screen has the key instead of the registry (Escape: anything open). */
function heldFor(id: ShortcutId, target: EventTarget | null): boolean {
  return id === 'escape' ? somethingOpen() : keysHeld(target);
}

/**
 * The one keyboard registry of the signed-in application (issue #33 item 5): a single keydown
 * listener on the window matches the shortcuts of ./keys (single keys never inside a field,
 * chords everywhere) and calls the handler the screen registered last for it. It owns the
 * command menu (Ctrl/Cmd+K), the shortcuts sheet ('?'), Escape when nothing else takes it (out
 * of a field, then out of the chat) and Alt+↓/↑ (the next or previous unread conversation).
 */
export function KeyboardProvider({ me, children }: { me: Me; children: ReactNode }) {
  const handlers = useRef(new Map<ShortcutId, ShortcutHandler[]>());
  const openAtKey = useRef(new WeakMap<Event, boolean>());
  // The chat actions on screen now, newest last (the command menu offers the newest of each).
  const [chatCommands, setChatCommands] = useState<{ id: ChatCommandId; run: () => void }[]>([]);
  const [menuOpen, setMenuOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const location = useLocation();

  const register = useCallback((id: ShortcutId, handler: ShortcutHandler) => {
    const stack = handlers.current.get(id) ?? [];
    stack.push(handler);
    handlers.current.set(id, stack);
    return () => {
      const current = handlers.current.get(id) ?? [];
      handlers.current.set(
        id,
        current.filter((each) => each !== handler),
      );
    };
  }, []);

  const registerChatCommand = useCallback((id: ChatCommandId, run: () => void) => {
    const command = { id, run };
    setChatCommands((current) => [...current, command]);
    return () => setChatCommands((current) => current.filter((each) => each !== command));
  }, []);

  /** The open chat's id and the inbox it was opened from, read from the address. */
  const openChat = () => {
    const values = location.search as { id?: unknown; inbox?: unknown; agent?: unknown };
    if (location.pathname !== '/contact') return null;
    return {
      id: typeof values.id === 'string' ? values.id : null,
      inbox: typeof values.inbox === 'string' ? values.inbox : undefined,
      agent: typeof values.agent === 'string' ? values.agent : undefined,
    };
  };

  /** Escape with nothing open: out of the field (the composer), else out of the chat. */
  const escape = (target: EventTarget | null) => {
    if (isInField(target) && target instanceof HTMLElement) {
      target.blur();
      return true;
    }
    const chat = openChat();
    if (!chat?.id) return false;
    void navigate(backLink(chat.inbox, me.user.id).link);
    return true;
  };

  /**
   * Alt+↓/↑: the next (or previous) conversation of 'Conversaciones' with unread messages after
   * the open chat, or after the row in focus on the list; the list is the one the chat came from
   * (the user's own, or the seller's a supervisor looks at).
   */
  const unread = async (step: 1 | -1) => {
    const chat = openChat();
    // Only a chat of 'Conversaciones' (or the list itself) has an order to follow.
    if (!chat || (chat.id && chat.inbox === undefined)) return;
    const agentId = chat.id
      ? chat.inbox !== 'me' && chat.inbox !== me.user.id
        ? chat.inbox
        : undefined
      : chat.agent;
    // The list on screen (or last seen): the inbox query updated last that holds the open chat,
    // whatever its tab, filters and search; else the first page of the plain list.
    const cached = queryClient
      .getQueryCache()
      .findAll({ queryKey: trpc.inbox.conversations.infiniteQueryKey() })
      .filter((query) => query.state.data !== undefined)
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
      .map((query) => rowsOf(query.state.data))
      .find((rows) => !chat.id || rows.some((row) => row.id === chat.id));
    const rows =
      cached ??
      rowsOf(
        await queryClient
          .fetchInfiniteQuery(
            trpc.inbox.conversations.infiniteQueryOptions(
              { agentId },
              { getNextPageParam: (page) => page.nextCursor ?? undefined },
            ),
          )
          .catch(() => undefined),
      );
    const next = unreadNeighbour(rows, chat.id ?? focusedRowId(rows), step);
    if (!next) return;
    // The list's view (tab, filters, search) stays as it is; only the open chat changes.
    void navigate({
      to: '/contact',
      search: (current: Record<string, unknown>) => ({
        ...current,
        inbox: chat.inbox ?? agentId ?? 'me',
        id: next,
      }),
    });
  };

  /** The screen's handlers of a shortcut, newest first, until one acts. */
  const runHandlers = (id: ShortcutId) => {
    const stack = handlers.current.get(id) ?? [];
    for (let index = stack.length - 1; index >= 0; index -= 1) {
      if (stack[index]!() !== false) return true;
    }
    return false;
  };

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    const shortcut = shortcutFor(event, event.target);
    if (!shortcut) return;
    // As it was when the key went down: a dialog that closed on this very key (its own Escape,
    // at once for someone who asked for less motion) still counts, the key was its.
    const open = openAtKey.current.get(event) ?? heldFor(shortcut.id, event.target);
    let handled: boolean;
    switch (shortcut.id) {
      case 'commandMenu':
        // Over another dialog the menu would act behind it: it opens from the screen itself.
        if (open && !menuOpen) return;
        setSheetOpen(false);
        setMenuOpen(!menuOpen);
        handled = true;
        break;
      case 'shortcutsSheet':
        if (open) return;
        setSheetOpen(true);
        handled = true;
        break;
      case 'escape':
        if (open) return;
        // What the screen has open (the conversation's search) closes first.
        handled = runHandlers('escape') || escape(event.target);
        break;
      case 'nextUnread':
      case 'previousUnread':
        if (open) return;
        void unread(shortcut.id === 'nextUnread' ? 1 : -1);
        handled = true;
        break;
      default:
        if (open) return;
        handled = runHandlers(shortcut.id);
    }
    if (handled) event.preventDefault();
  });

  useEffect(() => {
    // Whether a dialog was open when the key went down, noted before any handler of the page
    // (a dialog's own Escape among them) could close it.
    const note = (event: KeyboardEvent) => {
      const shortcut = shortcutFor(event, event.target);
      if (shortcut) openAtKey.current.set(event, heldFor(shortcut.id, event.target));
    };
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', note, true);
    window.addEventListener('keydown', listener);
    return () => {
      window.removeEventListener('keydown', note, true);
      window.removeEventListener('keydown', listener);
    };
  }, []);

  const value = useMemo(() => ({ register, registerChatCommand }), [register, registerChatCommand]);

  /** The newest registration of each chat action, in the menu's order. */
  const commands = (['archive', 'remind', 'transfer', 'note'] as const).flatMap((id) => {
    const command = chatCommands.findLast((each) => each.id === id);
    return command ? [command] : [];
  });

  return (
    <KeyboardContext.Provider value={value}>
      {children}
      <CommandMenu
        me={me}
        opened={menuOpen}
        onClose={() => setMenuOpen(false)}
        chatCommands={commands}
      />
      <ShortcutsSheet opened={sheetOpen} onClose={() => setSheetOpen(false)} />
    </KeyboardContext.Provider>
  );
}

/** The rows of an inbox query's pages. */
function rowsOf(data: unknown): UnreadRow[] {
  const pages = (data as { pages?: { items: UnreadRow[] }[] } | undefined)?.pages ?? [];
  return pages.flatMap((page) => page.items);
}

/** The id of the inbox row holding the focus (the list's rows follow the list's items). */
function focusedRowId(rows: readonly UnreadRow[]): string | null {
  const row = document.activeElement?.closest('[data-keyboard-list] > li');
  if (!row?.parentElement) return null;
  const index = Array.from(row.parentElement.children).indexOf(row);
  return rows[index]?.id ?? null;
}

/**
 * Registers a handler of a global shortcut while the component is on screen (and `enabled`); the
 * last registered handler of a shortcut is asked first.
 */
export function useShortcut(id: ShortcutId, handler: ShortcutHandler, enabled = true) {
  const context = useContext(KeyboardContext);
  const onKey = useEffectEvent(() => handler());
  useEffect(() => {
    if (!context || !enabled) return;
    return context.register(id, () => onKey());
  }, [context, id, enabled]);
}

/**
 * Offers an action of the open chat in the command menu while the component is on screen: `run`
 * opens the chat's own dialog (or mode) for it.
 */
export function useChatCommand(id: ChatCommandId, run: () => void, enabled = true) {
  const context = useContext(KeyboardContext);
  const onRun = useEffectEvent(() => run());
  useEffect(() => {
    if (!context || !enabled) return;
    return context.registerChatCommand(id, () => onRun());
  }, [context, id, enabled]);
}
