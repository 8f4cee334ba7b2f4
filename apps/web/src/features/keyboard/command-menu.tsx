import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { visibleMenu, type MenuEntry } from '@cartera/domain/menu';
import { foldText } from '@cartera/domain/search';
import { useTRPC } from '../../lib/trpc';
import { SearchIcon } from '../../ui/icons';
import { guardUserOf, type Me } from '../auth/session';
import { contactName, nationalPhone } from '../contacts/contact-format';
import { MENU_ICONS } from '../../ui/menu-icons';
import type { ChatCommandId } from './chat-commands';
import classes from './keyboard.module.css';

const t = es.keyboard;

/** Contacts are looked up from this many characters on, as in 'Contactos'. */
const CONTACT_SEARCH_MIN = 2;
/** The command menu shows the first contacts found; 'Contactos' has the rest. */
const CONTACTS_SHOWN = 8;

const CHAT_LABELS: Record<ChatCommandId, string> = {
  archive: t.chatArchive,
  remind: t.chatRemind,
  transfer: t.chatTransfer,
  note: t.chatNote,
};

interface Option {
  key: string;
  section: string;
  label: string;
  detail?: string;
  icon?: ReactNode;
  run: () => void;
}

/**
 * The command menu (Ctrl/Cmd+K, issue #33 item 5): one box to act on the open chat (the chat's
 * own dialogs: archive, reminder, transfer; or a note), to go to a screen of the user's side menu,
 * or to open a contact found by name or number (the contacts list's search, with the user's
 * reach). A combobox: the text box keeps the focus, ↑/↓ move the active option
 * (aria-activedescendant) and Enter runs it.
 */
export function CommandMenu({
  me,
  opened,
  onClose,
  chatCommands,
}: {
  me: Me;
  opened: boolean;
  onClose: () => void;
  chatCommands: { id: ChatCommandId; run: () => void }[];
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t.menuTitle}
      size="lg"
      yOffset="10vh"
      // A chosen action opens its own dialog: focus must not go back to where the menu began.
      returnFocus={false}
      classNames={{ body: classes.menuBody }}
    >
      {opened && <CommandMenuBody me={me} onClose={onClose} chatCommands={chatCommands} />}
    </Modal>
  );
}

function CommandMenuBody({
  me,
  onClose,
  chatCommands,
}: {
  me: Me;
  onClose: () => void;
  chatCommands: { id: ChatCommandId; run: () => void }[];
}) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [search] = useDebouncedValue(text.trim(), 200);
  const folded = foldText(text.trim());
  const contacts = useQuery({
    ...trpc.contact.list.queryOptions({ search }),
    enabled: search.length >= CONTACT_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
  const country = me.tenant.country ?? 'UY';

  const options = useMemo(() => {
    const matches = (label: string) => folded === '' || foldText(label).includes(folded);
    const chat: Option[] = chatCommands
      .filter((command) => matches(CHAT_LABELS[command.id]))
      .map((command) => ({
        key: `chat-${command.id}`,
        section: t.sectionChat,
        label: CHAT_LABELS[command.id],
        run: command.run,
      }));
    // The side menu's own entries: the screens this user may open, no second list.
    const entries = visibleMenu(guardUserOf(me)).flatMap((item) =>
      item.kind === 'entry' ? [item.entry] : item.entries,
    );
    const screens: Option[] = entries
      .filter((entry) => matches(entry.label))
      .map((entry) => screenOption(entry, (to, hash) => void navigate({ to, hash })));
    const found: Option[] =
      search.length >= CONTACT_SEARCH_MIN && contacts.data
        ? contacts.data.items.slice(0, CONTACTS_SHOWN).map((contact) => ({
            key: `contact-${contact.id}`,
            section: t.sectionContacts,
            label: contactName(contact),
            detail: contact.phones[0] ? nationalPhone(contact.phones[0], country) : undefined,
            run: () => void navigate({ to: '/contact', search: { id: contact.id } }),
          }))
        : [];
    return [...chat, ...screens, ...found];
  }, [chatCommands, folded, me, navigate, search, contacts.data, country]);

  const current = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    listRef.current
      ?.querySelector(`[id="${optionId(current)}"]`)
      ?.scrollIntoView?.({ block: 'nearest' });
  });

  const choose = (option: Option | undefined) => {
    if (!option) return;
    onClose();
    option.run();
  };

  let index = -1;
  const sections = [...new Set(options.map((option) => option.section))];
  const searching = search.length >= CONTACT_SEARCH_MIN && contacts.isFetching;

  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        role="combobox"
        aria-expanded
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options.length > 0 ? optionId(current) : undefined}
        aria-label={t.menuPlaceholder}
        placeholder={t.menuPlaceholder}
        leftSection={<SearchIcon size={16} />}
        rightSection={searching ? <Loader size={14} aria-label={t.menuSearching} /> : null}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.nativeEvent.isComposing) return;
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setActive((current + step + options.length) % Math.max(options.length, 1));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            choose(options[current]);
          }
        }}
      />
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={t.menuOptions}
        className={classes.menuList}
      >
        {options.length === 0 && (
          <Text c="dimmed" size="sm" p="sm" role="presentation">
            {searching ? t.menuSearching : t.menuEmpty}
          </Text>
        )}
        {sections.map((section) => (
          <div key={section} role="group" aria-label={section}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" pb={4} aria-hidden>
              {section}
            </Text>
            {options
              .filter((option) => option.section === section)
              .map((option) => {
                index += 1;
                const mine = index;
                return (
                  <UnstyledButton
                    key={option.key}
                    id={optionId(mine)}
                    role="option"
                    aria-selected={mine === current}
                    tabIndex={-1}
                    className={classes.menuOption}
                    data-active={mine === current || undefined}
                    // The text box keeps the focus; a click still chooses.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => setActive(mine)}
                    onClick={() => choose(option)}
                  >
                    <Group gap="sm" wrap="nowrap">
                      {option.icon}
                      <Text size="sm" truncate>
                        {option.label}
                      </Text>
                      {option.detail && (
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {option.detail}
                        </Text>
                      )}
                    </Group>
                  </UnstyledButton>
                );
              })}
          </div>
        ))}
      </div>
      <Text size="xs" c="dimmed">
        {t.menuHint}
      </Text>
    </Stack>
  );
}

/** A screen of the side menu ('Vendedores' opens the sellers panel on the home page). */
function screenOption(entry: MenuEntry, go: (to: string, hash?: string) => void): Option {
  const Icon = MENU_ICONS[entry.icon];
  const to = entry.path ?? entry.opens ?? '/';
  return {
    key: `screen-${entry.id}`,
    section: t.sectionScreens,
    label: entry.label,
    icon: <Icon size={16} />,
    run: () => go(to, entry.id === 'sellers' ? 'vendedores' : undefined),
  };
}
