import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { ALL, MINE } from './conversations-query';
import { sellerOptions } from './inbox-owner';

/** The inbox picker's values besides a seller's id. */
const UNASSIGNED = 'unassigned';

/**
 * Whose inbox (03 §2.1, issue #33 item 3): the user's own, all they reach, a seller's (the
 * sellers panel's: a supervisor's subtree, the company for comercial), or 'Sin asignar', which
 * is the unassigned 'Inbox' with its reservations.
 */
export function InboxPicker({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (agent: string | undefined) => void;
}) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const panel = useQuery(trpc.seller.panel.queryOptions());
  const words = es.conversation.inbox.workspace;
  const data = [
    {
      group: words.inboxLabel,
      items: [
        { value: MINE, label: words.inboxMine },
        { value: ALL, label: words.inboxAll },
        { value: UNASSIGNED, label: words.inboxUnassigned },
      ],
    },
    ...(panel.data ? sellerOptions(panel.data.root) : []),
  ];
  return (
    <Select
      label={es.conversation.inbox.viewInboxOf}
      data={data}
      value={value ?? MINE}
      onChange={(next) => {
        if (next === UNASSIGNED) void navigate({ to: '/contact/unassigned' });
        else onChange(next && next !== MINE ? next : undefined);
      }}
      searchable
      allowDeselect={false}
      nothingFoundMessage={es.conversation.inbox.noSellers}
      w={{ base: '100%', sm: 260 }}
      data-testid="inbox-picker"
    />
  );
}
