import { useState } from 'react';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import type { RouterOutputs } from '@cartera/server/router';
import { useTRPC } from '../../lib/trpc';
import { CodeNameFields, codeNameErrors, ConfigDialog, useConfigFormErrors } from './config-dialog';
import { ConfigTable } from './config-table';
import { toggleNotice } from './toggle-notice';

const text = es.company;
const t = text.origins;

type Origin = RouterOutputs['catalog']['allOrigins'][number];

const dataOf = ({ id: _id, ...data }: Origin) => data;

/**
 * 'Orígenes' (03 §3): code, name and active; the contact sheet's origin picker offers the active
 * ones. User filters set elsewhere are kept as they are.
 */
export function OriginsEditor() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.catalog.allOrigins.queryOptions());
  const [editing, setEditing] = useState<Origin | 'new' | null>(null);
  const toggle = useMutation(
    trpc.catalog.updateOrigin.mutationOptions({
      onSuccess: (origin) => {
        void queryClient.invalidateQueries(trpc.catalog.pathFilter());
        toggleNotice.done(origin);
      },
      onError: toggleNotice.failed,
    }),
  );
  return (
    <>
      <ConfigTable
        titleId="company-origins"
        title={t.title}
        createLabel={t.create}
        empty={t.empty}
        query={list}
        togglingCode={toggle.isPending ? (toggle.variables?.data.code ?? null) : null}
        onCreate={() => setEditing('new')}
        onEdit={setEditing}
        onToggle={(origin, active) =>
          toggle.mutate({ id: origin.id, data: { ...dataOf(origin), active } })
        }
        columns={[]}
      />
      <OriginDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        opened={editing !== null}
        origin={editing === 'new' || editing === null ? undefined : editing}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

function OriginDialog({
  origin,
  opened,
  onClose,
}: {
  origin?: Origin;
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ code: origin?.code ?? '', name: origin?.name ?? '' });
  const errors = useConfigFormErrors(codeNameErrors(values));
  const onSuccess = () => {
    void queryClient.invalidateQueries(trpc.catalog.pathFilter());
    notifications.show({ color: 'teal', message: text.saved });
    onClose();
  };
  const create = useMutation(
    trpc.catalog.createOrigin.mutationOptions({ onSuccess, onError: errors.onError }),
  );
  const update = useMutation(
    trpc.catalog.updateOrigin.mutationOptions({ onSuccess, onError: errors.onError }),
  );

  function submit() {
    if (!errors.submit()) return;
    const data = { code: values.code.trim(), name: values.name.trim() };
    if (origin) update.mutate({ id: origin.id, data: { ...dataOf(origin), ...data } });
    else create.mutate(data);
  }

  return (
    <ConfigDialog
      title={origin ? t.editTitle : t.createTitle}
      opened={opened}
      saving={create.isPending || update.isPending}
      message={errors.message}
      onClose={onClose}
      onSubmit={submit}
    >
      <CodeNameFields values={values} creating={!origin} errors={errors} onChange={setValues} />
      {origin && origin.usersFilters.length > 0 && (
        <Text size="xs" c="dimmed">
          {text.filtersKept}
        </Text>
      )}
    </ConfigDialog>
  );
}
