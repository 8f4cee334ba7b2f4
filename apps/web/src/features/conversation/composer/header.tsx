import type { ReactNode } from 'react';
import { Button, Group, UnstyledButton } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { useRequestSales } from '../../request-sales/request-sales-context';
import { ShortcutTabs } from '../shortcuts';
import classes from '../timeline.module.css';
import { ChannelMenu } from './channel-menu';
import type { ChannelOption, Mode } from './starting-mode';

const c = es.conversation.composer;

/** The dialogs the channel picker opens. */
export type ChannelDialog = 'personalDisconnected' | 'available';

/**
 * The composer's top row (03 §2.2): the mode tabs (the channel's, with the picker of another
 * channel and of the number to write to; note; feedback for those allowed; 'Correo' for those
 * with a connected mailbox), then 'Visita',
 * 'Venta Manual', 'Solicitudes' and the company's shortcuts.
 */
export function ComposerHeader({
  current,
  channel,
  channels,
  feedbackAllowed,
  emailAllowed,
  onPick,
  onDialog,
  phonePicker,
  onVisit,
  onForm,
  onMeeting,
  onManualSale,
}: {
  current: Mode;
  /** The channel the channel tab shows, if the contact has any. */
  channel: ChannelOption | null;
  channels: readonly ChannelOption[];
  feedbackAllowed: boolean;
  /** The user may write e-mail (03 §6: the flag and a connected mailbox). */
  emailAllowed: boolean;
  onPick: (mode: Mode, channelId?: string) => void;
  onDialog: (dialog: ChannelDialog) => void;
  /** The number picker beside the channel tab, when the message goes to one of several. */
  phonePicker: ReactNode;
  /** Opens 'Visita' when the tenant has visit results. */
  onVisit: (() => void) | null;
  /** Opens 'Formulario' (mode `form`, issue #42 item 3) when a channel can carry its link. */
  onForm: (() => void) | null;
  /** Opens 'Reunión' when meetings are on for the user or the group (03 §2.2). */
  onMeeting: (() => void) | null;
  /** Opens 'Venta Manual' when the user may record one. */
  onManualSale: (() => void) | null;
}) {
  const requestSales = useRequestSales();

  const tab = (value: Mode, label: string, color: string) => (
    <UnstyledButton
      role="tab"
      aria-selected={current === value}
      onClick={() => onPick(value)}
      fz="xs"
      fw={700}
      tt="uppercase"
      c={current === value ? color : 'dimmed'}
    >
      {label}
    </UnstyledButton>
  );

  return (
    <Group gap="md" mb={6}>
      <Group gap="md" role="tablist" aria-label={c.tabs}>
        {channel && (
          <Group gap={2} wrap="nowrap">
            <UnstyledButton
              role="tab"
              aria-selected={current === 'channel'}
              onClick={() => onPick('channel')}
              fz="xs"
              fw={700}
              tt="uppercase"
              c={current === 'channel' ? 'dark.6' : 'dimmed'}
              className={classes.channelTab}
              data-testid="channel-tab"
            >
              <span
                className={classes.channelDot}
                style={{ backgroundColor: channel.color }}
                aria-hidden
              />
              {channel.name}
            </UnstyledButton>
            <ChannelMenu
              channels={channels}
              selected={current === 'channel' ? channel.id : null}
              onPick={(id) => {
                const chosen = channels.find((each) => each.id === id);
                if (chosen?.type === 'personal_whatsapp' && chosen.status !== 'available') {
                  onDialog('personalDisconnected');
                  return;
                }
                onPick('channel', id);
              }}
              onAvailable={() => onDialog('available')}
            />
            {phonePicker}
          </Group>
        )}
        {tab('note', c.note, 'yellow.8')}
        {feedbackAllowed && tab('feedback', c.feedback, 'grape.7')}
        {emailAllowed && tab('email', es.email.composer.tab, 'blue.7')}
      </Group>
      {onVisit && (
        <Button size="compact-xs" variant="light" onClick={onVisit}>
          {c.visit}
        </Button>
      )}
      {onForm && (
        <Button size="compact-xs" variant="light" color="indigo" onClick={onForm}>
          {es.forms.composer.tab}
        </Button>
      )}
      {onMeeting && (
        <Button size="compact-xs" variant="light" color="cyan" onClick={onMeeting}>
          {es.meetings.tab}
        </Button>
      )}
      {onManualSale && (
        <Button size="compact-xs" variant="light" color="green" onClick={onManualSale}>
          {es.receipts.manual.tab}
        </Button>
      )}
      {requestSales && (
        // 03 §2.2 'Solicitudes': the contact page's request editor (template picker first).
        <Button
          size="compact-xs"
          variant="light"
          color="indigo"
          onClick={requestSales.startRequest}
        >
          {es.requestSales.tab}
        </Button>
      )}
      <ShortcutTabs />
    </Group>
  );
}
