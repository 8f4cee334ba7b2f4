import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useMediaQuery } from '@mantine/hooks';
import { Loader, Paper, Text } from '@mantine/core';
import { z } from 'zod';
import { es } from '@cartera/domain/i18n';
import { can } from '@cartera/domain/policy';
import { ConversationsPage, type InboxView } from '../../../features/inbox/conversations-page';
import classes from '../../../features/inbox/inbox.module.css';
import { MessagesIcon } from '../../../ui/icons';

/**
 * Screens this wide show the list, the open chat and its contact panel side by side: 1440 px,
 * where the chat beside a 360 px list and the side menu still has the width its own two columns
 * need (docs/decisions.md, "Inbox workspace").
 */
const WORKSPACE_QUERY = '(min-width: 90em)';

/**
 * The open conversation loads apart from the inbox list: it carries the composer's audio encoder,
 * the image editor and the date pickers, which 'Conversaciones' alone does not need.
 */
const LazyContactPage = lazy(() =>
  import('../../../features/conversation/contact-page').then((module) => ({
    default: module.ContactPage,
  })),
);

function ContactPage({ id }: { id: string }) {
  return (
    <Suspense fallback={<Loader size="sm" m="xl" aria-label={es.app.loading} />}>
      <LazyContactPage id={id} />
    </Suspense>
  );
}

const optionalText = z.string().trim().min(1).max(100).optional().catch(undefined);
const optionalFlag = z.boolean().optional().catch(undefined);

/**
 * '/contact?id=…[&inbox=…]' (02 §2): the contact view. `inbox` ('me' or a user id) names whose
 * inbox the contact was opened from. Without `id` it is the 'Conversaciones' inbox; its view
 * (issue #33 item 3) lives in the address too, so a reload or a shared link restores it: `agent`
 * (a seller whose inbox super and comercial look at, or 'all'), `tab`, `q`, `tag`, `origin`,
 * `channel`, `unread`, `due` and `order`. On a wide screen the list stays beside the open chat.
 */
export const Route = createFileRoute('/_app/contact/')({
  validateSearch: z.object({
    id: z.string().max(100).optional().catch(undefined),
    inbox: z.string().max(100).optional().catch(undefined),
    agent: z
      .union([z.string().uuid(), z.literal('all')])
      .optional()
      .catch(undefined),
    tab: z.literal('archived').optional().catch(undefined),
    q: optionalText,
    tag: optionalText,
    origin: optionalText,
    channel: z.string().uuid().optional().catch(undefined),
    unread: optionalFlag,
    due: optionalFlag,
    order: z.literal('waiting').optional().catch(undefined),
  }),
  loaderDeps: ({ search }) => search,
  // The inbox's first page is asked for here, with the screen's code, instead of after that code
  // has arrived and drawn (one round trip less on a slow link). Not awaited: the screen shows its
  // own loading state. The input is the one ConversationsPage builds from the same view.
  loader: ({ context, deps }) => {
    const { me, queryClient, trpc } = context;
    if (!me || deps.id) return;
    const viewing = can(me.user, 'superviseSellers') ? deps.agent : undefined;
    void queryClient.prefetchInfiniteQuery(
      trpc.inbox.conversations.infiniteQueryOptions(
        {
          inbox: viewing ?? 'me',
          tab: deps.tab ?? 'open',
          search: deps.q,
          statusTag: deps.tag,
          origin: deps.origin,
          channelId: deps.channel,
          unread: deps.unread,
          reminderDue: deps.due,
          order: deps.order ?? 'recent',
        },
        { getNextPageParam: (page) => page.nextCursor ?? undefined },
      ),
    );
  },
  component: ContactRoute,
});

function ContactRoute() {
  const { id, inbox: _from, ...view } = Route.useSearch();
  const navigate = Route.useNavigate();
  const wide = useMediaQuery(WORKSPACE_QUERY, false, { getInitialValueInEffect: false });
  const list = (
    <ConversationsPage
      view={view}
      onViewChange={(patch: Partial<InboxView>) =>
        void navigate({ search: (current) => ({ ...current, ...patch }), replace: true })
      }
    />
  );
  if (wide) {
    return (
      <div className={classes.workspace}>
        <div className={classes.workspaceListPane}>{list}</div>
        <div className={classes.workspaceChatPane}>
          {id ? (
            <ContactPage key={id} id={id} />
          ) : (
            <Paper withBorder radius="md" p="xl" className={classes.workspaceEmpty}>
              <MessagesIcon size={36} stroke={1.4} />
              <Text c="dimmed" ta="center">
                {es.conversation.inbox.workspace.pickConversation}
              </Text>
            </Paper>
          )}
        </div>
      </div>
    );
  }
  if (!id) return list;
  return <ContactPage key={id} id={id} />;
}
