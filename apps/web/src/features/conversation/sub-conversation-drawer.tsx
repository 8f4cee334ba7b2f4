import { useMemo, useState, type ReactNode } from 'react';
import { Anchor, Badge, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { subConversationStatusLabel } from '@cartera/domain/contact-actions';
import { es } from '@cartera/domain/i18n';
import { flagOn } from '@cartera/domain/policy';
import { useTRPC } from '../../lib/trpc';
import { QueryError } from '../../ui/query-error';
import { fullNameOf, useMe } from '../auth/session';
import { contactName } from '../contacts/contact-format';
import type { ContentContext } from './interaction-content';
import { Timeline } from './timeline';
import { TimelineProvider, useContactTimeline } from './timeline-context';
import classes from './sub-conversation-drawer.module.css';
import { OpenSubConversationContext } from './sub-conversation-open';

const t = es.conversationPanels;

/**
 * The side panel of sub-conversations (03 §2: a sub-conversation item, shown to users holding
 * both comercial and super, "may open in a side panel"): the items of the page's timeline open
 * the sub-conversation here, its timeline read-only, with 'Abrir conversación completa' to its
 * own screen.
 */
export function SubConversationPanel({ children }: { children: ReactNode }) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <OpenSubConversationContext.Provider value={setOpenId}>
      {children}
      <Drawer
        opened={openId !== null}
        onClose={() => setOpenId(null)}
        position="right"
        size={480}
        title={t.subConversationLabel}
        classNames={{ content: classes.content, body: classes.body }}
      >
        {openId && <SubConversationBody key={openId} id={openId} />}
      </Drawer>
    </OpenSubConversationContext.Provider>
  );
}

function SubConversationBody({ id }: { id: string }) {
  const trpc = useTRPC();
  const me = useMe();
  const contact = useQuery(trpc.contact.get.queryOptions({ id }));
  const author = useMemo(
    () => ({ id: me?.user.id ?? '', name: me?.user.name ?? '', lastname: me?.user.lastname ?? '' }),
    [me?.user.id, me?.user.name, me?.user.lastname],
  );
  if (contact.isPending) {
    return (
      <Stack gap="sm" p="md" aria-busy="true" aria-label={es.app.loading}>
        <Skeleton height={24} w={220} />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  }
  if (contact.isError) {
    return (
      <Stack p="md">
        <QueryError query={contact} />
      </Stack>
    );
  }
  const sub = contact.data;
  return (
    <>
      <Stack gap={4} px="md" pb="sm">
        <Group gap="xs" wrap="nowrap">
          <Text fw={700} size="lg" style={{ wordBreak: 'break-word' }}>
            {contactName(sub)}
          </Text>
          {sub.subConversationStatus && (
            <Badge variant="light" radius="sm" tt="none">
              {subConversationStatusLabel(sub.subConversationStatus)}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {`${es.contacts.agent}: ${sub.agent ? fullNameOf(sub.agent) : es.contacts.noAgent}`}
        </Text>
        <Anchor
          size="sm"
          renderRoot={(props) => <Link to="/contact" search={{ id: sub.id }} {...props} />}
        >
          {t.openSubConversation}
        </Anchor>
      </Stack>
      <TimelineProvider contactId={sub.id} author={author}>
        <SubTimeline contact={sub} snooze={me ? flagOn(me, 'snooze') : false} />
      </TimelineProvider>
    </>
  );
}

type Detail = Parameters<typeof Timeline>[0]['contact'];

/** The sub-conversation's timeline, read-only: no composer, its links lead to the full screen. */
function SubTimeline({ contact, snooze }: { contact: Detail; snooze: boolean }) {
  const timeline = useContactTimeline();
  const context = useMemo<ContentContext>(
    () => ({ contactId: contact.id, linksSubConversations: false, jumpTo: () => undefined }),
    [contact.id],
  );
  if (timeline.history.isError) {
    return (
      <Stack p="md">
        <QueryError
          error={timeline.history.error}
          onRetry={() => void timeline.history.refetch()}
        />
      </Stack>
    );
  }
  return (
    <div className={classes.timeline}>
      <Timeline
        contact={contact}
        timeline={timeline}
        context={context}
        focusId={null}
        snooze={snooze}
      />
    </div>
  );
}
