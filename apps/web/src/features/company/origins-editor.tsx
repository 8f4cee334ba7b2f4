import { useMutation, useQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { ConfigDialog, useConfigDialogForm } from './config-dialog';
import { ConfigTable, type ConfigDialogProps } from './config-table';
import { useCatalogSaved } from './use-catalog-saved';
import { filterRowsOf, filtersOfRows, UsersFiltersField } from './users-filters-field';

const text = es.company;
const t = text.origins;

type Origin = RouterOutputs['catalog']['allOrigins'][number];

const dataOf = ({ id: _id, ...data }: Origin) => data;

/**
 * 'Orígenes' (03 §3): code, name and active; the contact sheet's origin picker offers the active
 * ones to the users its user filters admit.
 */
export function OriginsEditor() {
  const trpc = useTRPC();
  const list = useQuery(trpc.catalog.allOrigins.queryOptions());
  const toggle = useMutation(trpc.catalog.updateOrigin.mutationOptions(useCatalogSaved().toggled));
  return (
    <ConfigTable
      titleId="company-origins"
      texts={t}
      query={list}
      togglingCode={toggle.isPending ? (toggle.variables?.data.code ?? null) : null}
      onToggle={(origin, active) =>
        toggle.mutate({ id: origin.id, data: { ...dataOf(origin), active } })
      }
      columns={[]}
      dialog={(props) => <OriginDialog {...props} />}
    />
  );
}

function OriginDialog({ item: origin, opened, onClose }: ConfigDialogProps<Origin>) {
  const trpc = useTRPC();
  const form = useConfigDialogForm(
    {
      code: origin?.code ?? '',
      name: origin?.name ?? '',
      usersFilters: filterRowsOf(origin?.usersFilters),
    },
    useCatalogSaved().saved(onClose),
  );
  const { values, errors } = form;
  const create = useMutation(trpc.catalog.createOrigin.mutationOptions(form.options));
  const update = useMutation(trpc.catalog.updateOrigin.mutationOptions(form.options));

  function submit() {
    if (!errors.submit()) return;
    const data = {
      code: values.code.trim(),
      name: values.name.trim(),
      usersFilters: filtersOfRows(values.usersFilters),
    };
    if (origin) update.mutate({ id: origin.id, data: { ...dataOf(origin), ...data } });
    else create.mutate(data);
  }

  return (
    <ConfigDialog
      title={origin ? t.editTitle : t.createTitle}
      opened={opened}
      saving={create.isPending || update.isPending}
      creating={!origin}
      form={form}
      onClose={onClose}
      onSubmit={submit}
    >
      <UsersFiltersField
        rows={values.usersFilters}
        errors={errors}
        onChange={(usersFilters) => form.set({ usersFilters })}
      />
    </ConfigDialog>
  );
}
