import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { domainCodeOf, userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { AdminGroup } from './admin-types';
import { CountrySelect } from './country-select';
import { groupOptions } from './group-dialog';
import { useAdminSaved } from './use-admin-saved';
import { AiLimitSettings } from './ai-limit';

const text = es.admin.group;

/**
 * A group's settings: name, display name and country; where it hangs in the tree; whether it is
 * active (the company's root group always is and stays where it is).
 */
export function GroupSettings({ group, groups }: { group: AdminGroup; groups: AdminGroup[] }) {
  const trpc = useTRPC();
  const saved = useAdminSaved();
  const isRoot = !group.parentId;
  const [values, setValues] = useState({
    name: group.name,
    displayName: group.displayName ?? '',
    country: group.country,
  });
  const [parentId, setParentId] = useState(group.parentId);
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; message?: string }>({});
  const onError = (error: unknown) =>
    setErrors(
      domainCodeOf(error) === 'GROUP_NAME_TAKEN'
        ? { name: userMessageOf(error) }
        : { message: userMessageOf(error) },
    );
  const update = useMutation(
    trpc.admin.updateGroup.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        saved.done(text.saved);
      },
      onError,
    }),
  );
  const move = useMutation(
    trpc.admin.moveGroup.mutationOptions({ onSuccess: () => saved.done(text.moved), onError }),
  );
  const nameMissing = !values.name.trim();

  return (
    <Stack gap="md" maw={560}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setErrors({});
          if (nameMissing) return setErrors({ name: text.nameRequired });
          update.mutate({
            id: group.id,
            data: {
              name: values.name.trim(),
              displayName: values.displayName.trim() || null,
              country: values.country,
            },
          });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={text.name}
            withAsterisk
            maxLength={80}
            value={values.name}
            error={errors.name}
            onChange={(event) => {
              setValues({ ...values, name: event.currentTarget.value });
              setErrors({});
            }}
          />
          <TextInput
            label={text.displayName}
            maxLength={80}
            value={values.displayName}
            onChange={(event) => setValues({ ...values, displayName: event.currentTarget.value })}
          />
          <CountrySelect
            label={text.country}
            value={values.country}
            onChange={(value) => setValues({ ...values, country: value })}
          />
          <Text size="xs" c="dimmed">
            {text.id}: {group.id}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending && !confirming}>
              {text.save}
            </Button>
          </Group>
        </Stack>
      </form>

      {!isRoot && (
        <Group align="flex-end" gap="sm">
          <Select
            label={text.parent}
            data={groupOptions(groups, group.id)}
            value={parentId}
            allowDeselect={false}
            searchable
            style={{ flex: 1 }}
            onChange={(value) => value && setParentId(value)}
          />
          <Button
            variant="default"
            disabled={parentId === group.parentId}
            loading={move.isPending}
            onClick={() => parentId && move.mutate({ id: group.id, parentId })}
          >
            {text.move}
          </Button>
        </Group>
      )}

      {!isRoot && (
        <Switch
          label={text.active}
          checked={group.active}
          disabled={update.isPending}
          onChange={(event) => {
            if (event.currentTarget.checked)
              update.mutate({ id: group.id, data: { active: true } });
            else setConfirming(true);
          }}
        />
      )}

      {errors.message && (
        <Alert color="red" variant="light" role="alert">
          {errors.message}
        </Alert>
      )}

      {/* The company's monthly limit of AI-drafted replies (issue #44 item 3). */}
      {isRoot && <AiLimitSettings />}

      <ConfirmDialog
        opened={confirming}
        title={format(text.deactivateTitle, { name: group.name })}
        confirmLabel={text.deactivate}
        reversible
        loading={update.isPending}
        error={update.isError ? userMessageOf(update.error) : null}
        onConfirm={() => update.mutate({ id: group.id, data: { active: false } })}
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">{text.deactivateBody}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
