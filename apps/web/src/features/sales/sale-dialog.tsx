import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { RECEIPT_STATUSES, type ReceiptStatus } from '@cartera/domain/sales';
import { can } from '@cartera/domain/policy';
import { userMessageOf } from '../../lib/errors';
import { fieldErrorsOf } from '../../lib/field-errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { FormActions } from '../../ui/form-actions';
import { useMe } from '../auth/session';
import {
  changesOf,
  checkSale,
  emptySale,
  LOCKED_FORM_FIELDS,
  valuesOf,
  type Receipt,
  type SaleChange,
  type SaleFormErrors,
  type SaleFormValues,
} from './sale-form';

const texts = es.salesOffice;
const dialog = texts.dialog;

/** Digits enough to look a contact up by phone (the server's rule too). */
const LOOKUP_DIGITS = 6;

/**
 * The sale dialog (02 §5): a new sale typed in by the back office, or one sale with its
 * transitions (01 §4: status, sale date, seller, cancel with an optional reason) and its
 * manual-sale fields, which only commercial users change (02 §6; the server refuses them too).
 * Nothing is sent while a rule fails; the server's own refusals land under their fields.
 */
export function SaleDialog({
  opened,
  receipt,
  today,
  onClose,
}: {
  opened: boolean;
  /** The sale to edit; none for a new one. */
  receipt: Receipt | null;
  today: string;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={receipt ? format(dialog.editTitle, { ticket: receipt.ticketId }) : dialog.createTitle}
    >
      {opened && (
        <SaleForm key={receipt?.id ?? 'new'} receipt={receipt} today={today} onClose={onClose} />
      )}
    </Modal>
  );
}

function SaleForm({
  receipt,
  today,
  onClose,
}: {
  receipt: Receipt | null;
  today: string;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const me = useMe();
  const commercial = me ? can(me.user, 'backOffice') : false;
  const sellers = useQuery({ ...trpc.receipt.sellers.queryOptions(), enabled: commercial });
  const [values, setValues] = useState<SaleFormValues>(() =>
    receipt ? valuesOf(receipt) : emptySale(today),
  );
  const [errors, setErrors] = useState<SaleFormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [canceling, setCanceling] = useState(false);

  const [phone] = useDebouncedValue(values.phone, 500);
  const phoneDigits = phone.replace(/\D/g, '').length;
  const contact = useQuery({
    ...trpc.receipt.contactByPhone.queryOptions({ phone }),
    enabled: commercial && !receipt?.contactId && phoneDigits >= LOOKUP_DIGITS,
  });
  const contactId = receipt?.contactId ?? contact.data?.id ?? null;

  const set = <K extends keyof SaleFormValues>(field: K, value: SaleFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const locked = (field: keyof SaleFormValues) =>
    !commercial && (LOCKED_FORM_FIELDS as readonly string[]).includes(field);
  const sellerLocked = !commercial || (receipt?.userLock ?? false);
  const canceled = receipt?.status === 'canceled';

  const statusOptions = RECEIPT_STATUSES.filter(
    (status) => status !== 'canceled' || values.status === 'canceled',
  ).map((status) => ({
    value: status,
    label: texts.statuses[status],
    disabled: status === 'canceled',
  }));
  const sellerOptions = (sellers.data ?? []).map((seller) => ({
    value: seller.id,
    label: `${seller.name} ${seller.lastname}`.trim(),
  }));
  if (receipt?.seller && !sellerOptions.some((option) => option.value === receipt.seller?.id)) {
    sellerOptions.push({
      value: receipt.seller.id,
      label: `${receipt.seller.name} ${receipt.seller.lastname}`.trim(),
    });
  }

  const done = (text: string) => {
    notifications.show({ color: 'teal', message: text });
    void queryClient.invalidateQueries(trpc.receipt.pathFilter());
    onClose();
  };

  const serverErrors = (failure: unknown) => {
    const fields = fieldErrorsOf(failure);
    const placed: SaleFormErrors = {};
    for (const [path, list] of Object.entries(fields)) {
      const field = path.split('.')[0] as keyof SaleFormValues;
      if (field in values && list[0]) placed[field] = list[0];
    }
    setErrors(placed);
    return Object.keys(placed).length > 0 ? null : userMessageOf(failure);
  };

  const run = async (change: SaleChange, id: string) => {
    switch (change.kind) {
      case 'field':
        return client.receipt.updateFieldValue.mutate({
          id,
          field: change.field,
          value: change.value,
        });
      case 'status':
        return client.receipt.changeStatus.mutate({ id, ...change });
      case 'saleDate':
        return client.receipt.changeSaleDate.mutate({ id, saleDate: change.saleDate });
      case 'seller':
        return client.receipt.changeSeller.mutate({ id, sellerId: change.sellerId });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const checked = checkSale(values);
    if (!checked.input || Object.keys(checked.errors).length > 0) {
      setErrors(checked.errors);
      return;
    }
    if (!receipt) {
      setSaving(true);
      try {
        await client.receipt.create.mutate({
          ...checked.input,
          ...(contactId ? { contactId } : {}),
        });
        done(dialog.created);
      } catch (failure) {
        setMessage(serverErrors(failure));
      } finally {
        setSaving(false);
      }
      return;
    }
    const { changes, error } = changesOf(receipt, checked.input);
    if (Object.keys(error).length > 0) {
      setErrors(error);
      return;
    }
    if (changes.length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    let applied = 0;
    try {
      for (const change of changes) {
        await run(change, receipt.id);
        applied += 1;
      }
      done(dialog.saved);
    } catch (failure) {
      const text = serverErrors(failure);
      if (applied > 0) {
        void queryClient.invalidateQueries(trpc.receipt.pathFilter());
        setMessage(format(dialog.partial, { message: text ?? userMessageOf(failure) }));
      } else setMessage(text);
    } finally {
      setSaving(false);
    }
  };

  const field = (name: keyof SaleFormValues, label: string, required = false) => (
    <TextInput
      label={label}
      withAsterisk={required}
      value={values[name] as string}
      onChange={(event) => set(name, event.currentTarget.value as never)}
      error={errors[name]}
      disabled={locked(name) || saving}
      placeholder={name === 'entryDate' || name === 'saleDate' ? dialog.datePlaceholder : undefined}
    />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        {!commercial && (
          <Alert color="gray" variant="light">
            {dialog.lockedNote}
          </Alert>
        )}
        {canceled && (
          <Alert color="red" variant="light" data-testid="sale-canceled">
            {format(dialog.canceledWith, { reason: receipt?.cancelReason ?? texts.noReason })}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={dialog.status}
            withAsterisk
            data={statusOptions}
            value={values.status}
            onChange={(next) => next && set('status', next as ReceiptStatus)}
            error={errors.status}
            allowDeselect={false}
            disabled={!commercial || saving}
          />
          <Select
            label={dialog.seller}
            withAsterisk
            data={sellerOptions}
            value={values.sellerId || null}
            onChange={(next) => set('sellerId', next ?? '')}
            error={errors.sellerId}
            searchable
            disabled={sellerLocked || saving}
            description={receipt?.userLock ? dialog.sellerLocked : undefined}
          />
          {field('ticketId', dialog.ticketId, true)}
          {field('ticketSaleId', dialog.ticketSaleId, values.status === 'sold')}
          {field('entryDate', dialog.entryDate)}
          {field('saleDate', dialog.saleDate, values.status === 'sold')}
          {field('phone', dialog.phone, true)}
          {field('name', dialog.name, true)}
          {field('govId', dialog.govId)}
          {field('product', dialog.product)}
          {field('value', dialog.value)}
        </SimpleGrid>
        {!receipt && (
          <Checkbox
            label={dialog.userLock}
            checked={values.userLock}
            onChange={(event) => set('userLock', event.currentTarget.checked)}
            disabled={!commercial || saving}
          />
        )}
        <Group gap="xs" data-testid="sale-contact">
          <Text size="sm" c="dimmed">
            {dialog.contact}:
          </Text>
          {contactId ? (
            <Anchor
              size="sm"
              renderRoot={(props) => <Link to="/contact" search={{ id: contactId }} {...props} />}
            >
              {contact.data
                ? `${contact.data.firstName} ${contact.data.lastName}`.trim()
                : dialog.openContact}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {phoneDigits >= LOOKUP_DIGITS && !contact.isFetching ? dialog.noContact : '—'}
            </Text>
          )}
        </Group>
        {message && (
          <Alert color="red" variant="light" role="alert">
            {message}
          </Alert>
        )}
        <Group justify="space-between" align="center">
          {receipt && commercial && !canceled ? (
            <Button
              variant="subtle"
              color="red"
              onClick={() => setCanceling(true)}
              disabled={saving}
            >
              {dialog.cancel}
            </Button>
          ) : (
            <span />
          )}
          <FormActions
            cancelLabel={dialog.close}
            onCancel={onClose}
            submitLabel={receipt ? dialog.save : dialog.create}
            loading={saving}
            cancelDisabled={saving}
          />
        </Group>
      </Stack>
      {receipt && (
        <CancelSaleDialog
          opened={canceling}
          receipt={receipt}
          onClose={() => setCanceling(false)}
          onDone={() => done(dialog.canceled)}
        />
      )}
    </form>
  );
}

/** Cancelling a sale with an optional reason ('Sin razón especificada' without one). */
function CancelSaleDialog({
  opened,
  receipt,
  onClose,
  onDone,
}: {
  opened: boolean;
  receipt: Receipt;
  onClose: () => void;
  onDone: () => void;
}) {
  const client = useTRPCClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const confirm = async () => {
    setLoading(true);
    setError(null);
    try {
      await client.receipt.cancel.mutate({ id: receipt.id, reason: reason.trim() || undefined });
      onDone();
    } catch (failure) {
      setError(userMessageOf(failure));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={format(dialog.cancelTitle, { ticket: receipt.ticketId })}
      size={425}
      centered
    >
      <Stack gap="md">
        <Textarea
          label={dialog.cancelReason}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {dialog.cancelBack}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={loading}>
            {dialog.cancelConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A status as a coloured badge. */
export function StatusBadge({ status }: { status: ReceiptStatus }) {
  const color = { new: 'blue', pending: 'yellow', sold: 'teal', canceled: 'red' }[status];
  return (
    <Badge color={color} variant="light" size="sm">
      {texts.statuses[status]}
    </Badge>
  );
}
