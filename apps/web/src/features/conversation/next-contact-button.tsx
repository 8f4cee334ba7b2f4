import { Button, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { useMe } from '../auth/session';
import { PlayerSkipForwardIcon } from './icons';
import { nextContactQuery } from './timeline-model';

const t = es.conversation.timeline;

/**
 * 'Siguiente contacto' (03 §2.1): opens the contact after this one in the inbox the user came
 * from (`inbox` of /contact; 'Conversaciones' without one). Disabled, with a hint, at its end.
 */
export function NextContactButton({ contactId }: { contactId: string }) {
  const trpc = useTRPC();
  const me = useMe();
  const navigate = useNavigate();
  const { inbox } = useSearch({ strict: false }) as { inbox?: string };
  const next = useQuery(
    trpc.inbox.next.queryOptions(
      { ...nextContactQuery(inbox, me?.user.id ?? ''), contactId },
      { staleTime: 30_000 },
    ),
  );
  const nextId = next.data?.id ?? null;
  const button = (
    <Button
      size="xs"
      radius="xl"
      variant="default"
      rightSection={<PlayerSkipForwardIcon size={14} />}
      disabled={!nextId}
      loading={next.isPending}
      onClick={() => {
        if (nextId) void navigate({ to: '/contact', search: { id: nextId, inbox } });
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
