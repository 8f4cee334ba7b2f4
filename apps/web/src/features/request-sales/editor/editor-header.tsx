import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { statusColour, statusTitle, type RequestPermissions } from '@cartera/domain/request-sales';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { fullNameOf } from '../../auth/session';
import { ShareMenu } from '../share-menu';

const t = es.requestSales;

type Template = RouterOutputs['requestSale']['template'];
type Request = RouterOutputs['requestSale']['get'];

/**
 * The request editor's head (02 §2 screen 10): 'Crear {title}' or 'Modificar {title}' with the
 * stored request's status and creator, then 'Compartir solicitud', 'Eliminar' (asked first),
 * 'Editar' and 'Cerrar'.
 */
export function EditorHeader({
  template,
  request,
  permissions,
  editing,
  onEdit,
  onClose,
  onDeleted,
}: {
  template: Template;
  request: Request | null;
  permissions: RequestPermissions;
  editing: boolean;
  onEdit: () => void;
  onClose: () => void;
  /** After the request was deleted. */
  onDeleted: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const remove = useMutation(trpc.requestSale.delete.mutationOptions());
  const [deleting, setDeleting] = useState(false);
  const title = template.title || t.defaultWord;
  const heading = format(request ? t.modify : t.create, { title });

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2} fz="h3">
            {heading}
          </Title>
          {request && (
            <Group gap="xs">
              <Badge color={statusColour(request.statusType)} variant="light" tt="none">
                {statusTitle(request.statusType, template.statusOptions)}
              </Badge>
              <Text size="xs" c="dimmed">
                {format(t.createdBy, { name: fullNameOf(request.creator) })}
              </Text>
            </Group>
          )}
        </Stack>
        <Group gap="xs">
          {request && permissions.share && <ShareMenu request={request} />}
          {request?.permissions.delete && (
            <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
              {t.deleteRequest}
            </Button>
          )}
          {request && !editing && permissions.edit && (
            <Button variant="default" onClick={onEdit}>
              {t.edit}
            </Button>
          )}
          <Button variant="subtle" color="gray" onClick={onClose}>
            {t.close}
          </Button>
        </Group>
      </Group>
      <ConfirmDialog
        opened={deleting}
        title={t.deleteRequestQuestion}
        action={remove}
        onConfirm={() =>
          void remove
            .mutateAsync({ id: request!.id })
            .then(async () => {
              setDeleting(false);
              await onDeleted();
            })
            .catch(() => undefined)
        }
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
      />
    </>
  );
}
