import { Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../../lib/trpc';
import { QueryError } from '../../../ui/query-error';
import { fullNameOf, useMe } from '../../auth/session';
import { RequestForm } from '../form/request-form';
import { RequestStatusBadge, type BackofficeRequest } from './backoffice-list';

const texts = es.requestSalesOffice.view;

/**
 * A request of the back office list, read only: its template's form with the stored content,
 * its status, creator, seller and auditor.
 */
export function RequestView({
  request,
  onClose,
}: {
  request: BackofficeRequest | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const me = useMe();
  const id = request?.id ?? '';
  const detail = useQuery({ ...trpc.requestSale.get.queryOptions({ id }), enabled: !!request });
  const template = useQuery({
    ...trpc.requestSale.template.queryOptions({ id: request?.template.id ?? '' }),
    enabled: !!request,
  });
  const name = request?.contact
    ? `${request.contact.firstName} ${request.contact.lastName}`.trim()
    : es.requestSalesOffice.noContact;
  const viewer = me
    ? { id: me.user.id, roles: me.user.roles, additionalData: null, flows: null }
    : { id: '', roles: [] };

  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      size="lg"
      title={request ? format(texts.title, { template: request.template.title, name }) : ''}
    >
      {detail.isError || template.isError ? (
        <QueryError query={detail.isError ? detail : template} />
      ) : !detail.data || !template.data ? (
        <Stack gap="sm">
          <Skeleton h={28} />
          <Skeleton h={28} />
          <Skeleton h={28} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Group gap="md" wrap="wrap">
            <RequestStatusBadge statusType={detail.data.statusType} title={detail.data.status} />
            <Text size="sm">
              {texts.creator}: {fullNameOf(detail.data.creator)}
            </Text>
            {detail.data.seller && (
              <Text size="sm">
                {texts.seller}: {fullNameOf(detail.data.seller)}
              </Text>
            )}
            {detail.data.auditor && (
              <Text size="sm">
                {texts.auditor}: {fullNameOf(detail.data.auditor)}
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {texts.readOnly}
          </Text>
          <RequestForm
            template={template.data}
            value={{ content: detail.data.content, lines: detail.data.lines }}
            onChange={() => undefined}
            viewer={viewer}
            readOnly
            errorsVisibility="none"
          />
        </Stack>
      )}
    </Modal>
  );
}
