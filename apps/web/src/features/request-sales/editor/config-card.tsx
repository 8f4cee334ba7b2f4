import { Group, Paper, Select, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import type { RequestPermissions } from '@cartera/domain/request-sales';
import type { RouterOutputs } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { SellerSelect } from '../../pickers/seller-select';

const t = es.requestSales;

type Request = RouterOutputs['requestSale']['get'];

/**
 * The request's configuration card (02 §2 screen 10): its seller, for those who pick it, and its
 * status; a flow user sees the status but may not change it (02 §6).
 */
export function ConfigCard({
  request,
  permissions,
  flowUser,
  readOnly,
  sellerId,
  onSeller,
  newStatus,
  onStatus,
  changingStatus,
}: {
  request: Request | null;
  permissions: RequestPermissions;
  flowUser: boolean;
  readOnly: boolean;
  sellerId: string | null;
  onSeller: (sellerId: string | null) => void;
  /** The status a new request will be saved with. */
  newStatus: string | null;
  onStatus: (statusType: string | null) => void;
  changingStatus: boolean;
}) {
  const trpc = useTRPC();
  const sellers = useQuery(
    trpc.requestSale.sellers.queryOptions(undefined, { enabled: permissions.pickSeller }),
  );
  const statusOptions = permissions.statuses;

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t.configCard}
        </Title>
        <Group grow align="flex-start">
          {permissions.configCard && (
            <SellerSelect
              label={t.seller}
              placeholder={t.sellerPlaceholder}
              disabled={!permissions.pickSeller || readOnly}
              sellers={sellers.data}
              value={sellerId}
              onChange={onSeller}
              clearable
            />
          )}
          {(statusOptions.length > 0 || (permissions.configCard && flowUser)) && (
            // A flow user sees the status but may not change it (02 §6).
            <Select
              label={t.status}
              placeholder={t.statusPlaceholder}
              data={
                statusOptions.length > 0
                  ? statusOptions.map((option) => ({
                      value: option.status,
                      label: option.title,
                    }))
                  : request
                    ? [{ value: request.statusType, label: request.status }]
                    : []
              }
              value={request ? request.statusType : newStatus}
              disabled={changingStatus || statusOptions.length === 0}
              onChange={onStatus}
              allowDeselect={false}
            />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
