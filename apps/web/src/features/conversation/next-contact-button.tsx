import { Button, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { useMe } from '../auth/session';
import { useOpenReserved } from '../inbox/use-take-over';
import { PlayerSkipForwardIcon } from './icons';
import { nextContactQuery } from '../contacts/contact-origin';

const t = es.conversation.timeline;

/**
 * 'Siguiente contacto' (03 §2.1): opens the contact after this one in the inbox the user came
 * from (`inbox` of /contact; 'Conversaciones' without one). Disabled, with a hint, at its end.
 */
export function NextContactButton({ contactId }: { contactId: string }) {
  const me = useMe();
  const { inbox } = useSearch({ strict: false }) as { inbox?: string };
  const query = nextContactQuery(inbox, me?.user.id ?? '');
  return query ? <NextInInbox contactId={contactId} query={query} inbox={inbox} /> : null;
}

function NextInInbox({
  contactId,
  query,
  inbox,
}: {
  contactId: string;
  query: NonNullable<ReturnType<typeof nextContactQuery>>;
  inbox: string | undefined;
}) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  // In 'Inbox' the next contact is reserved before it opens (03 §4).
  const openReserved = useOpenReserved();
  const next = useQuery(
    trpc.inbox.next.queryOptions({ ...query, contactId }, { staleTime: 30_000 }),
  );
  const nextId = next.data?.id ?? null;
  const button = (
    <Button
      size="xs"
      radius="xl"
      variant="default"
      rightSection={<PlayerSkipForwardIcon size={14} />}
      disabled={!nextId}
      onClick={() => {
        if (!nextId) return;
        if (inbox === 'unassigned') openReserved.mutate({ contactId: nextId });
        else void navigate({ to: '/contact', search: { id: nextId, inbox } });
      }}
    >
      {t.nextContact}
    </Button>
  );
  if (nextId || next.isPending) return button;
  return (
    <Tooltip label={t.noNextContact} withArrow>
      <span>{button}</span>
    </Tooltip>
  );
}
