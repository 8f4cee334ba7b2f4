import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { sellerOptions } from './inbox-owner';

/**
 * 'Ver bandeja de' (03 §2.1): super and comercial switch the inbox to one of the sellers they
 * may look at (the sellers panel's: a supervisor's subtree, the whole company for comercial).
 * Cleared, it shows the user's own inbox.
 */
export function SellerPicker({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (agentId: string | undefined) => void;
}) {
  const trpc = useTRPC();
  const panel = useQuery(trpc.seller.panel.queryOptions());
  const text = es.conversation.inbox;
  return (
    <Select
      label={text.viewInboxOf}
      placeholder={text.ownInbox}
      data={panel.data ? sellerOptions(panel.data.root) : []}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      searchable
      clearable
      nothingFoundMessage={text.noSellers}
      w={{ base: '100%', sm: 300 }}
      disabled={panel.isPending && !panel.data}
    />
  );
}
