import { Alert, Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { canOpen } from '@cartera/domain/policy';
import { showDay } from '@cartera/domain/sales';
import { useTRPC } from '../../../lib/trpc';
import { guardUserOf, useMe } from '../../auth/session';
import { STATUS_COLORS } from '../../receipts/receipt-format';
import { SALE_REPORT_PATH } from '../bubbles/sale-bubble';
import { useMoney } from '../../../lib/use-money';

const t = es.receipts;
/** The panel shows the contact's newest sales; the rest are in 'Reportes'. */
const PANEL_SALES = 20;

/**
 * The info panel's sales (03 §2.1, §3 Sales receipt): the contact's sales the user may see
 * (receipt.list by contact: a seller their own), newest first, each with its product, ticket,
 * status and total. The panel refreshes it whenever the contact's timeline changes, so a new
 * sale item brings its sale here.
 */
export function SalesSection({ contactId }: { contactId: string }) {
  const money = useMoney();
  const trpc = useTRPC();
  const me = useMe();
  const sales = useQuery(trpc.receipt.list.queryOptions({ contactId, limit: PANEL_SALES }));
  if (sales.isPending) return <Skeleton height={48} radius="sm" />;
  if (sales.isError) {
    return (
      <Alert color="red" variant="light" role="alert" p="xs">
        {t.panel.failed}
      </Alert>
    );
  }
  const items = sales.data.items;
  if (items.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {t.panel.empty}
      </Text>
    );
  }
  const mayOpenReport = me !== null && canOpen(guardUserOf(me), SALE_REPORT_PATH);
  return (
    <Stack gap="xs" role="list" aria-label={es.conversation.infoPanel.sales}>
      {items.map((sale) => {
        const product =
          sale.product ||
          sale.productLines.map((line) => line.name).join(', ') ||
          format(t.bubble.ticket, { ticket: sale.ticketId });
        return (
          <Stack key={sale.id} gap={2} role="listitem" data-testid="contact-sale">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} lineClamp={1} title={product}>
                {product}
              </Text>
              <Badge
                size="xs"
                variant="light"
                color={STATUS_COLORS[sale.status] ?? 'gray'}
                style={{ flexShrink: 0 }}
              >
                {t.statuses[sale.status] ?? sale.status}
              </Badge>
            </Group>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed">
                {[format(t.bubble.ticket, { ticket: sale.ticketId }), showDay(sale.entryDate)]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              <Text size="xs" fw={700}>
                {money(sale.total)}
              </Text>
            </Group>
            {mayOpenReport && (
              <Anchor
                size="xs"
                renderRoot={(props) => (
                  <Link to={SALE_REPORT_PATH} search={{ id: sale.id }} {...props} />
                )}
              >
                {t.bubble.open}
              </Anchor>
            )}
          </Stack>
        );
      })}
      {sales.data.nextCursor && (
        <Text size="xs" c="dimmed">
          {t.panel.more}
        </Text>
      )}
    </Stack>
  );
}
