import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useMediaQuery } from '@mantine/hooks';
import { Loader, Paper, Text } from '@mantine/core';
import {
  eitherParam,
  flagParam,
  idParam,
  oneOfParam,
  searchParams,
  textParam,
} from '../../../lib/search-params';
import { es } from '@cartera/domain/i18n';
import { ConversationsPage } from '../../../features/inbox/conversations-page';
import { conversationsQuery, type InboxView } from '../../../features/inbox/conversations-query';
import { canSwitchInbox } from '../../../features/inbox/inbox-owner';
import classes from '../../../features/inbox/inbox.module.css';
import { MessagesIcon } from '../../../ui/icons';
import { prefetchCatalog } from '../../../shell/first-reads';

/**
 * Screens this wide show the list, the open chat and its contact panel side by side: 1440 px,
 * where the chat beside a 360 px list and the side menu still has the width its own two columns
 * need (docs/decisions.md, "Inbox workspace").
 */
const WORKSPACE_QUERY = '(min-width: 90em)';

/**
 * The open conversation loads apart from the inbox list (issue #35 item 2): it carries the
 * composer's audio encoder, the image editor and the date pickers, which 'Conversaciones' alone
 * does not need.
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

const contactSearch = searchParams({
  id: textParam(),
  inbox: textParam(),
  agent: eitherParam(idParam(), oneOfParam(['all'])),
  tab: oneOfParam(['archived']),
  q: textParam(),
  tag: textParam(),
  origin: textParam(),
  channel: idParam(),
  unread: flagParam(),
  due: flagParam(),
  unattended: flagParam(),
  group: idParam(),
  order: oneOfParam(['waiting']),
});

/**
 * '/contact?id=…[&inbox=…]' (02 §2): the contact view. `inbox` ('me' or a user id) names whose
 * inbox the contact was opened from. Without `id` it is the 'Conversaciones' inbox; its view
 * (issue #33 item 3) lives in the address too, so a reload or a shared link restores it: `agent`
 * (a seller whose inbox super and comercial look at, or 'all'), `tab`, `q`, `tag`, `origin`,
 * `channel`, `unread`, `due`, `unattended` (waiting over 24 hours), `group` (with `agent` 'all': one
 * group's sellers, as 'Rendimiento' opens it) and `order`. On a wide screen the list stays beside the open chat.
 */
export const Route = createFileRoute('/_app/contact/')({
  validateSearch: contactSearch,
  // The list's first page is asked for here, with the screen's code, instead of once that code
  // has arrived and drawn (one round trip less on a slow link). Not awaited: the screen shows its
  // own loading state; the query is the screen's own (conversationsQuery). The search is read
  // from the location (every field falls back, so it never throws): as loaderDeps, opening a
  // chat (a new `id`) would remount the screen.
  loader: ({ context, location }) => {
    const { id, inbox: _from, ...view } = contactSearch(location.search);
    const { me, queryClient, trpc } = context;
    if (!me || id) return;
    prefetchCatalog(context);
    void queryClient.prefetchInfiniteQuery(
      conversationsQuery(trpc, view, canSwitchInbox(me.user.roles)),
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
