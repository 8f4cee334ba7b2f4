import { ActionIcon, Tooltip } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { guardRoute } from '@cartera/domain/policy';
import { guardUserOf, type Me } from '../features/auth/session';
import { useSupport } from '../features/support/use-support';
import { HelpIcon, PlusIcon, SwitchIcon } from '../ui/icons';
import { NavItem } from './nav-item';

/**
 * The side menu's 01 §2 'Support', 'Create contact button' and 'Change account' (issue #44 item
 * 4): the installation's support link unless the user hid it, the contact sheet from any screen
 * for whoever may open the contacts (the sheet then opens the new contact's conversation), and
 * the account switcher for whoever may switch. As menu lines on a phone and in the collapsed
 * menu; as icons beside 'Contraer menú' otherwise, so the menu's entries keep the room.
 */
export function QuickActions({
  me,
  collapsed,
  lines,
  onOpen,
  onSwitch,
}: {
  me: Me;
  collapsed: boolean;
  lines: boolean;
  /** Opens the contact sheet. */
  onOpen: () => void;
  /** 'Cambiar de cuenta', for whoever may switch accounts. */
  onSwitch: (() => void) | undefined;
}) {
  const support = useSupport();
  const canCreate = guardRoute(guardUserOf(me), '/contacts').kind === 'allow';
  const supportUrl = support.hidden ? null : support.url;
  if (lines) {
    return (
      <>
        {supportUrl && (
          <NavItem
            label={es.shell.support}
            icon={<HelpIcon />}
            collapsed={collapsed}
            href={supportUrl}
          />
        )}
        {canCreate && (
          <NavItem
            label={es.contacts.newContact}
            icon={<PlusIcon />}
            collapsed={collapsed}
            onClick={onOpen}
          />
        )}
        {onSwitch && (
          <NavItem
            label={es.shell.changeAccount}
            icon={<SwitchIcon />}
            collapsed={collapsed}
            onClick={onSwitch}
          />
        )}
      </>
    );
  }
  return (
    <>
      {supportUrl && (
        <Tooltip label={es.shell.support} withArrow openDelay={150}>
          <ActionIcon
            component="a"
            href={supportUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={es.shell.support}
          >
            <HelpIcon size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canCreate && (
        <Tooltip label={es.contacts.newContact} withArrow openDelay={150}>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={es.contacts.newContact}
            onClick={onOpen}
          >
            <PlusIcon size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {onSwitch && (
        <Tooltip label={es.shell.changeAccount} withArrow openDelay={150}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={es.shell.changeAccount}
            onClick={onSwitch}
          >
            <SwitchIcon size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </>
  );
}
