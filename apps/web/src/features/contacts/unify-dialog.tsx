import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { defaultUnifyBase, mergeContacts, type UnifySide } from '@cartera/domain/contact-actions';
import { formatDisplayDate } from '@cartera/domain/custom-fields';
import { es, format } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { DataCell, DataRow, DataTable } from '../../ui/data-table';
import { AlertIcon, SwitchIcon } from '../../ui/icons';
import { useMe } from '../auth/session';
import { SEARCH_DEBOUNCE_MS, useContactNames } from '../pickers/entity-pickers';
import { RemotePicker, searchTerm } from '../pickers/remote-picker';
import { contactName, nationalPhone, unifySide, type ContactDetail } from './contact-format';
import { useOrigins, useTags } from './tag-chip';

/** Wide enough for the four columns of the preview. */
const DIALOG_WIDTH = 880;

/**
 * 'Unificar contacto' (02 §2 screen 5, §4, §5): the other contact is chosen by name; from the
 * `md` breakpoint up a preview compares Campos, Contacto A, Contacto B and the Resultado. The
 * base starts as the older contact and 'Cambiar base' swaps it. Unifying is irreversible; after
 * it the user lands on the base contact.
 */
export function UnifyDialog({
  opened,
  onClose,
  contactId,
  otherContactId,
}: {
  opened: boolean;
  onClose: () => void;
  /** Contact A: the one the dialog was opened from. */
  contactId: string;
  /** Contact B when already known (the phone popover of the sheet). */
  otherContactId?: string;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={es.contacts.unifyTitle}
      size={DIALOG_WIDTH}
      centered
    >
      {opened && (
        <UnifyForm contactId={contactId} otherContactId={otherContactId} onClose={onClose} />
      )}
    </Modal>
  );
}

function UnifyForm({
  contactId,
  otherContactId,
  onClose,
}: {
  contactId: string;
  otherContactId?: string;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [otherId, setOtherId] = useState<string | null>(otherContactId ?? null);
  const [swapped, setSwapped] = useState(false);

  const a = useQuery({ ...trpc.contact.get.queryOptions({ id: contactId }), retry: false });
  const b = useQuery({
    ...trpc.contact.get.queryOptions({ id: otherId ?? '' }),
    enabled: otherId !== null,
    retry: false,
  });
  const sideA = a.data ? unifySide(a.data) : undefined;
  const sideB = otherId && b.data?.id === otherId ? unifySide(b.data) : undefined;
  const preferred = sideA && sideB ? defaultUnifyBase(sideA, sideB) : 'A';
  const base: 'A' | 'B' = swapped ? (preferred === 'A' ? 'B' : 'A') : preferred;

  const unify = useMutation(
    trpc.contact.unify.mutationOptions({
      onSuccess: async ({ contactBaseId }) => {
        notifications.show({ color: 'teal', message: es.contacts.unifyDone });
        onClose();
        // Leave the contact that is gone before the cache asks for it again.
        await navigate({ to: '/contact', search: { id: contactBaseId } });
        void queryClient.invalidateQueries(trpc.contact.pathFilter());
      },
    }),
  );

  const baseContact = base === 'A' ? a.data : b.data;
  const ready = Boolean(sideA && sideB);

  return (
    <Stack gap="md">
      <OtherContactPicker
        contactId={contactId}
        value={otherId}
        onChange={(next) => {
          setOtherId(next);
          setSwapped(false);
          unify.reset();
        }}
        disabled={unify.isPending}
      />
      {a.isError && (
        <Alert color="red" variant="light" role="alert">
          {userMessageOf(a.error)}
        </Alert>
      )}
      {otherId && b.isError && (
        <Alert color="red" variant="light" role="alert">
          {userMessageOf(b.error)}
        </Alert>
      )}
      {otherId && !ready && !a.isError && !b.isError && <Skeleton height={160} radius="md" />}
      {ready && a.data && b.data && (
        <>
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={600} data-testid="unify-base">
              {format(es.contacts.unifyBase, { name: baseContact ? contactName(baseContact) : '' })}
            </Text>
            <Button
              variant="light"
              size="xs"
              leftSection={<SwitchIcon size={14} />}
              onClick={() => setSwapped((now) => !now)}
              disabled={unify.isPending}
            >
              {es.contacts.unifySwap}
            </Button>
          </Group>
          {/* 02 §2 screen 5: the comparison needs room; narrow windows show only the base. */}
          <Box visibleFrom="md">
            <UnifyPreview a={a.data} b={b.data} base={base} />
          </Box>
        </>
      )}
      <Alert color="yellow" variant="light" icon={<AlertIcon size={18} />}>
        <Text size="sm">{es.contacts.unifyIrreversible}</Text>
      </Alert>
      {unify.isError && (
        <Alert color="red" variant="light" role="alert">
          {userMessageOf(unify.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={unify.isPending}>
          {es.contacts.cancel}
        </Button>
        <Button
          color="red"
          disabled={!ready}
          loading={unify.isPending}
          onClick={() => {
            if (otherId) unify.mutate({ contactA: contactId, contactB: otherId, base });
          }}
        >
          {es.contacts.unifySubmit}
        </Button>
      </Group>
    </Stack>
  );
}

/** Contact B: a search over the contacts the user may see, without contact A. */
function OtherContactPicker({
  contactId,
  value,
  onChange,
  disabled,
}: {
  contactId: string;
  value: string | null;
  onChange: (id: string | null) => void;
  disabled: boolean;
}) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const labels = useContactNames(value ? [value] : []);
  const [term] = useDebouncedValue(
    searchTerm(search, value ? labels[value] : undefined),
    SEARCH_DEBOUNCE_MS,
  );
  const results = useQuery({
    ...trpc.contact.lookup.queryOptions({ search: term || undefined }),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const options = (results.data ?? [])
    .filter((contact) => contact.id !== contactId)
    .map((contact) => ({ value: contact.id, label: contactName(contact) }));
  return (
    <RemotePicker
      label={es.contacts.unifyOther}
      placeholder={es.contacts.unifySearchPlaceholder}
      multiple={false}
      required
      value={value ? [value] : []}
      onChange={(ids) => onChange(ids[0] ?? null)}
      options={options}
      labels={labels}
      loading={opened && results.isFetching}
      search={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      disabled={disabled}
    />
  );
}

interface PreviewRow {
  label: string;
  a: ReactNode;
  b: ReactNode;
  result: ReactNode;
}

/** The four columns of 02 §2 screen 5; the '(Base)' mark follows the base. */
function UnifyPreview({ a, b, base }: { a: ContactDetail; b: ContactDetail; base: 'A' | 'B' }) {
  const trpc = useTRPC();
  const me = useMe();
  const tags = useTags();
  const origins = useOrigins();
  const fields = useQuery(
    trpc.customField.forForm.queryOptions({ entity: 'contact', mode: 'edit' }),
  );
  const country = me?.tenant.country ?? 'UY';
  const sideA = unifySide(a);
  const sideB = unifySide(b);
  const merged = base === 'A' ? mergeContacts(sideA, sideB) : mergeContacts(sideB, sideA);

  const text = (value: string | null | undefined) =>
    value?.trim() ? (
      value
    ) : (
      <Text span size="sm" c="dimmed">
        {es.fields.emptyValue}
      </Text>
    );
  const lines = (values: readonly string[]) =>
    values.length ? (
      <Stack gap={0}>
        {values.map((value) => (
          <span key={value}>{value}</span>
        ))}
      </Stack>
    ) : (
      text(null)
    );
  const tagName = (code: string | null) =>
    code ? (tags.data?.find((tag) => tag.code === code)?.name ?? code) : null;
  const originName = (code: string | null) =>
    code ? (origins.data?.find((origin) => origin.code === code)?.name ?? code) : null;
  const phones = (list: readonly string[]) =>
    lines(list.map((e164) => nationalPhone(e164, country)));

  const rows: PreviewRow[] = [
    {
      label: es.contacts.firstName,
      a: text(sideA.firstName),
      b: text(sideB.firstName),
      result: text(merged.firstName),
    },
    {
      label: es.contacts.lastName,
      a: text(sideA.lastName),
      b: text(sideB.lastName),
      result: text(merged.lastName),
    },
    {
      label: es.contacts.phones,
      a: phones(sideA.phones),
      b: phones(sideB.phones),
      result: phones(merged.phones),
    },
    {
      label: es.contacts.emails,
      a: lines(sideA.emails),
      b: lines(sideB.emails),
      result: lines(merged.emails),
    },
    {
      label: es.contacts.govId,
      a: text(sideA.govId),
      b: text(sideB.govId),
      result: text(merged.govId),
    },
    {
      label: es.contacts.statusTag,
      a: text(tagName(sideA.statusTag)),
      b: text(tagName(sideB.statusTag)),
      result: text(tagName(merged.statusTag)),
    },
    {
      label: es.contacts.origin,
      a: text(originName(sideA.origin)),
      b: text(originName(sideB.origin)),
      result: text(originName(merged.origin)),
    },
    {
      label: es.contacts.detail,
      a: text(sideA.detail),
      b: text(sideB.detail),
      result: text(merged.detail),
    },
  ];
  // Configurable fields either contact has a value for, shown as text where that makes sense.
  for (const field of fields.data ?? []) {
    const show = (data: UnifySide['additionalData']) => fieldText(field, data[field.code]);
    const values = [show(sideA.additionalData), show(sideB.additionalData)];
    if (values.every((value) => value === null)) continue;
    rows.push({
      label: field.name,
      a: text(values[0]),
      b: text(values[1]),
      result: text(show(merged.additionalData)),
    });
  }

  return (
    <DataTable
      items={rows}
      rowKey={(row) => row.label}
      label={es.contacts.unifyTitle}
      empty={null}
      verticalSpacing={6}
      columns={[
        { key: 'field', header: es.contacts.unifyColumns.field, width: 150 },
        {
          key: 'a',
          header: base === 'A' ? es.contacts.unifyColumns.a : es.contacts.unifyColumnA,
        },
        {
          key: 'b',
          header: base === 'B' ? es.contacts.unifyColumnBBase : es.contacts.unifyColumns.b,
        },
        { key: 'result', header: es.contacts.unifyColumns.result },
      ]}
      // The base's column is marked in every row.
      row={(row) => (
        <DataRow key={row.label}>
          <DataCell fw={600}>{row.label}</DataCell>
          <DataCell bg={base === 'A' ? 'cyan.0' : undefined}>{row.a}</DataCell>
          <DataCell bg={base === 'B' ? 'cyan.0' : undefined}>{row.b}</DataCell>
          <DataCell>{row.result}</DataCell>
        </DataRow>
      )}
    />
  );
}

type PreviewField = {
  type: string;
  code: string;
  sharedOptions: ReadonlyArray<{ code: string; name: string }>;
};

/** A stored custom value as one line of text; null when empty or not readable as text. */
function fieldText(field: PreviewField, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  switch (field.type) {
    case 'string':
    case 'number':
    case 'select':
      return String(value);
    case 'date':
      return typeof value === 'string' ? formatDisplayDate(value) : String(value);
    case 'multiselect':
    case 'phonenumbers':
      return Array.isArray(value) && value.length ? value.join(', ') : null;
    case 'sharedmultioptions':
      return Array.isArray(value) && value.length
        ? value
            .map((code) => field.sharedOptions.find((option) => option.code === code)?.name ?? code)
            .join(', ')
        : null;
    case 'direction':
      return typeof value === 'object' &&
        typeof (value as { formatted_address?: unknown }).formatted_address === 'string'
        ? (value as { formatted_address: string }).formatted_address
        : null;
    default:
      // References (contacts, companies) are ids: the contact page shows them by name.
      return null;
  }
}
