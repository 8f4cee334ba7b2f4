import { ActionIcon, Menu } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import { CheckIcon } from '../../../ui/icons';
import { ChevronDownIcon } from '../icons';
import classes from '../timeline.module.css';
import type { ChannelOption } from './starting-mode';

const c = es.conversation.composer;

/** The other channels to write through (03 §2.2 channel picker); disconnected ones greyed out. */
export function ChannelMenu({
  channels,
  selected,
  onPick,
  onAvailable,
}: {
  channels: readonly ChannelOption[];
  selected: string | null;
  onPick: (id: string) => void;
  onAvailable: () => void;
}) {
  return (
    <Menu position="top-start" withinPortal>
      <Menu.Target>
        <ActionIcon size="sm" variant="subtle" color="gray" aria-label={c.pickChannel}>
          <ChevronDownIcon size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown mah={240} style={{ overflowY: 'auto' }}>
        {channels.map((each) => (
          <Menu.Item
            key={each.id}
            aria-current={each.id === selected || undefined}
            // The user's own disconnected WhatsApp stays pickable: it explains how to reconnect.
            disabled={
              each.status !== 'available' && (each.type !== 'personal_whatsapp' || each.sharedInbox)
            }
            rightSection={each.id === selected ? <CheckIcon size={14} /> : null}
            onClick={() => onPick(each.id)}
            leftSection={
              <span
                className={classes.channelDot}
                style={{ backgroundColor: each.color }}
                aria-hidden
              />
            }
          >
            {each.status !== 'available'
              ? format(c.channelUnavailable, { channel: each.name })
              : each.sharedInbox
                ? format(c.sharedInboxChannel, { channel: each.name })
                : each.name}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onAvailable}>{es.channels.availableOpen}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
