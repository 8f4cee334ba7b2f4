import { useState } from 'react';
import { Badge, Button, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PANEL_PREVIEW_COUNT } from '@cartera/domain/contact-form';
import { subConversationStatusLabel } from '@cartera/domain/contact-actions';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';
import { contactName, type ContactDetail } from './contact-format';
import { TransferDialog } from './transfer-dialog';

/** Colours of the sub-conversation statuses (02 §4); the spec names the statuses only. */
const STATUS_COLORS: Record<string, string> = {
  new: 'blue',
  active: 'teal',
  reminder: 'yellow',
  overdue_reminder: 'orange',
  sold: 'green',
  closed: 'gray',
  disregarded: 'red',
};

/**
 * 'Subconversaciones' (02 §2 screen 4): the contact's sub-conversations, 3 and then 'Ver mas';
 * each opens that contact. 'Nuevo' opens 'Crear Subconversación' when the user may.
 */
export function SubConversationsPanel({ contact }: { contact: ContactDetail }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.contact.subConversations.queryOptions({ id: contact.id }));
  const [expanded, setExpanded] = useState(false);
  const [creating, setCreating] = useState(false);
  const items = list.data ?? [];
  const shown = expanded ? items : items.slice(0, PANEL_PREVIEW_COUNT);

  return (
    <Panel
      titleId="sub-conversations-title"
      title={es.contacts.subConversations}
      action={
        contact.can.createSubConversation
          ? { label: es.contacts.newSubConversation, onClick: () => setCreating(true) }
          : undefined
      }
    >
      {list.isPending ? (
        <Stack gap={6}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : list.isError ? (
        <QueryError query={list} />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed" py="xs">
          {es.contacts.subConversationsEmpty}
        </Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((item) => (
            <li key={item.id}>
              <UnstyledButton
                renderRoot={(props) => <Link to="/contact" search={{ id: item.id }} {...props} />}
                w="100%"
                p="xs"
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  border: '1px solid var(--mantine-color-gray-2)',
                }}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {contactName(item)}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {item.agent
                        ? contactName({ firstName: item.agent.name, lastName: item.agent.lastname })
                        : es.contacts.noAgent}
                    </Text>
                  </Stack>
                  <Badge
                    variant="light"
                    color={STATUS_COLORS[item.status] ?? 'gray'}
                    radius="sm"
                    tt="none"
                    style={{ flexShrink: 0 }}
                  >
                    {subConversationStatusLabel(item.status)}
                  </Badge>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
      {items.length > PANEL_PREVIEW_COUNT && (
        <Group justify="center">
          <Button variant="subtle" size="xs" onClick={() => setExpanded((now) => !now)}>
            {expanded ? es.contacts.showLess : es.contacts.showMore}
          </Button>
        </Group>
      )}
      <TransferDialog
        opened={creating}
        onClose={() => setCreating(false)}
        mode="subConversation"
        contacts={[
          { id: contact.id, name: contactName(contact), agentId: contact.agent?.id ?? null },
        ]}
      />
    </Panel>
  );
}
