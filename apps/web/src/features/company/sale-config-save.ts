import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { SALE_BUBBLE_FIELDS, type SaleBubbleField } from '@cartera/domain/sales';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';

const t = es.fieldsConfig.sale;

export type SaleConfig = RouterOutputs['receipt']['saleConfig'];
export type Template = SaleConfig['templates'][number];

/** Which template a dialog edits: a sale template (its index; none: a new one) or the presale's. */
export type Editing = { kind: 'sale'; index: number | null } | { kind: 'presale' } | null;

/** The save of the whole configuration, and what follows it: every screen reading it refreshed. */
export function useSaveSaleConfig(
  options: { onSaved?: () => void; onError?: (error: unknown) => void } = {},
) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.receipt.saveSaleConfig.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.receipt.saleConfig.queryKey(), saved);
        // The sale bubble, 'Crear preventa' and the menu's presale entry follow at once.
        void queryClient.invalidateQueries(trpc.receipt.config.queryFilter());
        void queryClient.invalidateQueries(trpc.auth.me.queryFilter());
        notifications.show({ color: 'teal', message: t.saved });
        options.onSaved?.();
      },
      onError: options.onError,
    }),
  );
}

export const isBubbleField = (field: string): field is SaleBubbleField =>
  (SALE_BUBBLE_FIELDS as readonly string[]).includes(field);

/** A stored template as the save takes it (hidden fields it does not know are dropped). */
const templateInput = (template: Template) => ({
  ...template,
  hiddenFields: template.hiddenFields.filter(isBubbleField),
});

/** The stored configuration as the save takes it. */
export const asInput = (config: SaleConfig) => ({
  presale: config.presale,
  templates: config.templates.map(templateInput),
  presaleTemplate: config.presaleTemplate ? templateInput(config.presaleTemplate) : null,
});
