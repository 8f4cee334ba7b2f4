import { ColorSwatch, Group, Input, UnstyledButton } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { TAG_COLORS } from '@cartera/domain/companies';
import { es } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { CheckIcon } from '../../ui/icons';
import { codeNameErrors, ConfigDialog, useConfigDialogForm } from './config-dialog';
import { ConfigTable, type ConfigDialogProps } from './config-table';
import { useCatalogSaved } from './use-catalog-saved';
import {
  filterRowsOf,
  filtersOfRows,
  GroupFiltersField,
  UsersFiltersField,
} from './users-filters-field';

const text = es.company;
const t = text.tags;

type Tag = RouterOutputs['catalog']['allTags'][number];

/** Everything of a tag the update replaces, from its row. */
const dataOf = ({ id: _id, ...data }: Tag) => data;

/**
 * 'Etiquetas de estado' (03 §3 Status tag): code, name, a colour of the 22-colour palette and
 * active, and who sees it: the users its user filters admit, in the groups it lists (or under
 * them). The contact's tag picker offers the active ones to them.
 */
export function StatusTagsEditor() {
  const trpc = useTRPC();
  const list = useQuery(trpc.catalog.allTags.queryOptions());
  const toggle = useMutation(trpc.catalog.updateTag.mutationOptions(useCatalogSaved().toggled));
  return (
    <ConfigTable
      titleId="company-tags"
      texts={t}
      query={list}
      togglingCode={toggle.isPending ? (toggle.variables?.data.code ?? null) : null}
      onToggle={(tag, active) => toggle.mutate({ id: tag.id, data: { ...dataOf(tag), active } })}
      columns={[
        {
          label: t.color,
          render: (tag) => <ColorSwatch color={tag.color} size={18} aria-label={tag.color} />,
        },
      ]}
      dialog={(props) => <TagDialog {...props} />}
    />
  );
}

function TagDialog({ item: tag, opened, onClose }: ConfigDialogProps<Tag>) {
  const trpc = useTRPC();
  const form = useConfigDialogForm(
    {
      code: tag?.code ?? '',
      name: tag?.name ?? '',
      color: tag?.color ?? '',
      usersFilters: filterRowsOf(tag?.usersFilters),
      groupFilters: tag?.groupFilters ?? [],
    },
    useCatalogSaved().saved(onClose),
    (values) => ({
      ...codeNameErrors(values),
      ...(values.color ? {} : { color: t.colorRequired }),
    }),
  );
  const { values, errors } = form;
  const create = useMutation(trpc.catalog.createTag.mutationOptions(form.options));
  const update = useMutation(trpc.catalog.updateTag.mutationOptions(form.options));

  function submit() {
    if (!errors.submit()) return;
    const data = {
      code: values.code.trim(),
      name: values.name.trim(),
      color: values.color,
      usersFilters: filtersOfRows(values.usersFilters),
      groupFilters: values.groupFilters,
    };
    if (tag) update.mutate({ id: tag.id, data: { ...dataOf(tag), ...data } });
    else create.mutate(data);
  }

  return (
    <ConfigDialog
      title={tag ? t.editTitle : t.createTitle}
      opened={opened}
      saving={create.isPending || update.isPending}
      creating={!tag}
      form={form}
      onClose={onClose}
      onSubmit={submit}
    >
      <Input.Wrapper label={t.color} withAsterisk error={errors.errorOf('color')}>
        <Group gap={6} mt={4} role="radiogroup" aria-label={t.color}>
          {TAG_COLORS.map((color) => (
            <UnstyledButton
              key={color}
              role="radio"
              aria-checked={values.color === color}
              aria-label={color}
              onClick={() => {
                form.set({ color });
                errors.clear('color');
              }}
            >
              <ColorSwatch color={color} size={24} c="white">
                {values.color === color && <CheckIcon size={14} />}
              </ColorSwatch>
            </UnstyledButton>
          ))}
        </Group>
      </Input.Wrapper>
      <GroupFiltersField
        value={values.groupFilters}
        errors={errors}
        onChange={(groupFilters) => form.set({ groupFilters })}
      />
      <UsersFiltersField
        rows={values.usersFilters}
        errors={errors}
        onChange={(usersFilters) => form.set({ usersFilters })}
      />
    </ConfigDialog>
  );
}
