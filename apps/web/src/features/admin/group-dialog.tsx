import { useState } from 'react';
import { Select, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { domainCodeOf, userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { EntityDialog } from '../../ui/entity-dialog';
import type { AdminGroup } from './admin-types';
import { CountrySelect } from './country-select';
import { useAdminSaved } from './use-admin-saved';

const text = es.admin.group;

/** The group pickers' options: every group, indented under its parent. */
export function groupOptions(groups: AdminGroup[], except?: string) {
  return groups
    .filter((group) => !except || (group.id !== except && !group.ancestors.includes(except)))
    .map((group) => ({
      value: group.id,
      label: `${'— '.repeat(group.ancestors.length)}${group.displayName || group.name}`,
    }));
}

/** 'Nuevo subgrupo': a name, the group above it and its country (the parent's by default). */
export function GroupDialog({
  parent,
  groups,
  onClose,
  onCreated,
}: {
  parent: AdminGroup;
  groups: AdminGroup[];
  onClose: () => void;
  onCreated: (group: AdminGroup) => void;
}) {
  const trpc = useTRPC();
  const saved = useAdminSaved();
  const [values, setValues] = useState({ name: '', parentId: parent.id, country: parent.country });
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ name?: string; message?: string }>({});
  const create = useMutation(
    trpc.admin.createGroup.mutationOptions({
      onSuccess: (group) => {
        saved.done(format(text.created, { name: group.name }));
        onCreated(group);
      },
      onError: (error) =>
        setServerError(
          domainCodeOf(error) === 'GROUP_NAME_TAKEN'
            ? { name: userMessageOf(error) }
            : { message: userMessageOf(error) },
        ),
    }),
  );
  const nameError =
    serverError.name ?? (submitted && !values.name.trim() ? text.nameRequired : null);
  return (
    <EntityDialog
      title={es.admin.newSubgroup}
      size={480}
      onClose={onClose}
      form={{ message: serverError.message ?? null }}
      saving={create.isPending}
      submitLabel={text.create}
      cancelLabel={text.cancel}
      onSubmit={() => {
        setSubmitted(true);
        setServerError({});
        if (!values.name.trim()) return;
        create.mutate({ ...values, name: values.name.trim() });
      }}
    >
      <TextInput
        label={text.name}
        withAsterisk
        maxLength={80}
        value={values.name}
        error={nameError}
        data-autofocus
        onChange={(event) => {
          setValues({ ...values, name: event.currentTarget.value });
          setServerError({});
        }}
      />
      <Select
        label={text.parent}
        data={groupOptions(groups)}
        value={values.parentId}
        allowDeselect={false}
        searchable
        onChange={(value) => value && setValues({ ...values, parentId: value })}
      />
      <CountrySelect
        label={text.country}
        value={values.country}
        onChange={(value) => setValues({ ...values, country: value })}
      />
    </EntityDialog>
  );
}
