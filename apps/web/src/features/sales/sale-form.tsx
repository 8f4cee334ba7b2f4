import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { can } from '@cartera/domain/policy';
import {
  RECEIPT_STATUSES,
  saleTotal,
  templateOf,
  type ReceiptCreate,
  type ReceiptKind,
  type ReceiptStatus,
} from '@cartera/domain/sales';
import type { SaleTemplate } from '@cartera/domain/tenant-settings';
import { dayjs } from '../../lib/dates';
import { userMessageOf } from '../../lib/errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { FormActions } from '../../ui/form-actions';
import { useFormErrors } from '../../ui/use-entity-form';
import { useMe } from '../auth/session';
import { SellerSelect } from '../pickers/seller-select';
import { CancelSaleDialog } from './cancel-sale-dialog';
import { SaleLines } from './sale-lines';
import {
  changesOf,
  checkSale,
  emptySale,
  LOCKED_FORM_FIELDS,
  saleFieldOf,
  saleInput,
  totalOf,
  valuesOf,
  type Receipt,
  type SaleChange,
  type SaleFormValues,
} from './sale-values';
import { useCurrencySymbol, useMoney } from '../../lib/use-money';

const t = es.receipts.manual;
const dialog = es.salesOffice.dialog;

/** Digits enough to look a contact up by phone (the server's rule too). */
const LOOKUP_DIGITS = 6;

const FORM_FIELDS = new Set(Object.keys(emptySale('2000-01-01')));

/** A field of the form a rule's or the server's path names, or null (said above the buttons). */
function placeOnForm(parts: string[]) {
  const field = saleFieldOf(parts);
  return field && (FORM_FIELDS.has(field) || field.startsWith('lines.')) ? field : null;
}

/** What the form is done with: a new sale stored, an edit saved, the sale cancelled. */
export type SaleFormOutcome = 'created' | 'saved' | 'canceled';

/**
 * The one sale form (02 §5, 02 §6, 03 §2.2, 03 §9) of 'Venta Manual', 'Crear preventa' and the
 * back office's sale dialog: the manual-sale fields, a product and price for a simple sale or
 * product lines for a `multiline` template (chosen among the company's), the live total. It is
 * checked with the server's rules (ZReceiptCreate): a negative quantity, a day that does not
 * exist or a sold sale without sale date show their Spanish error on the field and nothing is
 * sent; the server's refusals land under their fields. A new sale carries one client-made id, so
 * sending again after a lost answer stores it once.
 *
 * In the back office (`office`) it also picks the seller (and may lock them on a new sale),
 * names the contact its phone belongs to, and edits a stored sale (`receipt`) with the
 * transitions of 01 §4 (status, sale date, seller, 'Cancelar venta' with an optional reason);
 * only commercial users change the manual-sale fields there (the server refuses them too).
 */
export function SaleForm({
  receipt = null,
  kind = 'receipt',
  templates = [],
  hiddenFields = [],
  defaults = {},
  today = dayjs().format('YYYY-MM-DD'),
  extra = { values: {} },
  office = false,
  submitLabel,
  cancelLabel = t.cancel,
  onCancel,
  onDone,
}: {
  /** The stored sale edited (back office); none for a new one. */
  receipt?: Receipt | null;
  kind?: ReceiptKind;
  /** The company's sale templates (or the presale template); none = a simple sale. */
  templates?: readonly SaleTemplate[];
  /** Fields the template hides (03 §3 hiddenFields): 'date_sale', 'gov_id', 'category'. */
  hiddenFields?: readonly string[];
  /** The contact's data a new sale starts with. */
  defaults?: { phone?: string; name?: string; govId?: string };
  /** YYYY-MM-DD: a new sale's entry date. */
  today?: string;
  /** More of the create call (contactId, sellerId); `null` while something it needs is missing. */
  extra?: { values: Partial<ReceiptCreate> | null; error?: string | undefined };
  /** The back office's form: the seller, the contact by phone, an edit's transitions. */
  office?: boolean;
  submitLabel: string;
  cancelLabel?: string;
  onCancel?: () => void;
  onDone: (outcome: SaleFormOutcome) => void;
}) {
  const money = useMoney();
  const currency = useCurrencySymbol();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const me = useMe();
  const commercial = office && me ? can(me.user, 'backOffice') : false;
  const [values, setValues] = useState<SaleFormValues>(() =>
    receipt
      ? valuesOf(receipt)
      : emptySale(today, { ...defaults, template: templateOf(templates)?.code ?? null }),
  );
  const [id] = useState(newId);
  const [saving, setSaving] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const [partial, setPartial] = useState<string | null>(null);

  const sellers = useQuery({ ...trpc.receipt.sellers.queryOptions(), enabled: commercial });
  const [phone] = useDebouncedValue(values.phone, 500);
  const phoneDigits = phone.replace(/\D/g, '').length;
  const contact = useQuery({
    ...trpc.receipt.contactByPhone.queryOptions({ phone }),
    enabled: commercial && !receipt?.contactId && phoneDigits >= LOOKUP_DIGITS,
  });
  const contactId = receipt?.contactId ?? contact.data?.id ?? null;

  // A stored sale is edited as it is; a new one takes the chosen template's structure.
  const forms = receipt ? [] : templates;
  const template = templateOf(forms, values.template);
  const multiline = template?.structureType === 'multiline';
  const hidden = new Set([...hiddenFields, ...(template?.hiddenFields ?? [])]);
  const options = { templates: forms, kind, id, sellerField: office };
  const checked = checkSale(values, options);
  const editErrors = receipt && checked.input ? changesOf(receipt, checked.input).error : {};
  const errors = useFormErrors({ ...checked.errors, ...editErrors }, { place: placeOnForm });

  const set = <K extends keyof SaleFormValues>(field: K, value: SaleFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    errors.clear(field);
  };
  const locked = (field: keyof SaleFormValues) =>
    office && !commercial && (LOCKED_FORM_FIELDS as readonly string[]).includes(field);
  const sellerLocked = !commercial || (receipt?.userLock ?? false);
  const canceled = receipt?.status === 'canceled';

  const statusOptions = RECEIPT_STATUSES.filter(
    (status) => status !== 'canceled' || values.status === 'canceled',
  ).map((status) => ({
    value: status,
    label: es.salesOffice.statuses[status],
    disabled: status === 'canceled',
  }));

  const run = async (change: SaleChange, saleId: string) => {
    switch (change.kind) {
      case 'field':
        return client.receipt.updateFieldValue.mutate({
          id: saleId,
          field: change.field,
          value: change.value,
        });
      case 'status':
        return client.receipt.changeStatus.mutate({ id: saleId, ...change });
      case 'saleDate':
        return client.receipt.changeSaleDate.mutate({ id: saleId, saleDate: change.saleDate });
      case 'seller':
        return client.receipt.changeSeller.mutate({ id: saleId, sellerId: change.sellerId });
    }
  };

  const create = async () => {
    await client.receipt.create.mutate({
      ...saleInput(values, options),
      ...(office && contactId ? { contactId } : {}),
      ...extra.values,
    });
    onDone('created');
  };

  /** An edit's calls one after another; a failure after some of them says what was kept. */
  const edit = async (stored: Receipt, input: NonNullable<typeof checked.input>) => {
    const { changes } = changesOf(stored, input);
    if (changes.length === 0) {
      onCancel?.();
      return;
    }
    let applied = 0;
    try {
      for (const change of changes) {
        await run(change, stored.id);
        applied += 1;
      }
      onDone('saved');
    } catch (failure) {
      errors.onError(failure);
      if (applied > 0) {
        // What was kept shows in the list behind the dialog.
        void queryClient.invalidateQueries(trpc.receipt.pathFilter());
        setPartial(format(dialog.partial, { message: userMessageOf(failure) }));
      }
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPartial(null);
    const valid = errors.submit();
    if (!valid || !checked.input || extra.values === null) {
      errors.showMessage(extra.error ?? t.fixErrors);
      return;
    }
    setSaving(true);
    try {
      if (receipt) await edit(receipt, checked.input);
      else await create();
    } catch (failure) {
      errors.onError(failure);
    } finally {
      setSaving(false);
    }
  };

  const field = (name: keyof SaleFormValues & string, label: string, required = false) => (
    <TextInput
      label={label}
      withAsterisk={required}
      value={values[name] as string}
      onChange={(event) => set(name, event.currentTarget.value as never)}
      error={errors.errorOf(name)}
      disabled={locked(name) || saving}
      {...(name === 'entryDate' || name === 'saleDate'
        ? { placeholder: t.datePlaceholder, inputMode: 'numeric' as const }
        : {})}
      {...(name === 'value' ? { leftSection: currency, inputMode: 'decimal' as const } : {})}
    />
  );
  const sold = values.status === 'sold';
  const message = partial ?? errors.message;
  const total = money(saleTotal(totalOf(values, forms)));

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={office ? undefined : t.title}
    >
      <Stack gap="sm">
        {office && !commercial && (
          <Alert color="gray" variant="light">
            {dialog.lockedNote}
          </Alert>
        )}
        {canceled && (
          <Alert color="red" variant="light" data-testid="sale-canceled">
            {format(dialog.canceledWith, {
              reason: receipt?.cancelReason ?? es.salesOffice.noReason,
            })}
          </Alert>
        )}
        {forms.length > 1 && (
          <Select
            label={t.template}
            data={forms.map((each) => ({ value: each.code, label: each.saleTitle || each.code }))}
            value={values.template}
            onChange={(value) => set('template', value)}
            allowDeselect={false}
            disabled={saving}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <Select
            label={t.status}
            withAsterisk
            data={statusOptions}
            value={values.status}
            onChange={(next) => next && set('status', next as ReceiptStatus)}
            error={errors.errorOf('status')}
            allowDeselect={false}
            disabled={(office && !commercial) || saving}
          />
          {office && (
            <SellerSelect
              label={dialog.seller}
              withAsterisk
              sellers={sellers.data}
              current={receipt?.seller}
              value={values.sellerId || null}
              onChange={(next) => set('sellerId', next ?? '')}
              error={errors.errorOf('sellerId')}
              disabled={sellerLocked || saving}
              description={receipt?.userLock ? dialog.sellerLocked : undefined}
            />
          )}
          {field('ticketId', t.ticketId, true)}
          {field('ticketSaleId', t.ticketSaleId, sold)}
          {field('entryDate', t.entryDate)}
          {(!hidden.has('date_sale') || sold) && field('saleDate', t.saleDate, sold)}
          {field('phone', t.phone, true)}
          {field('name', t.name, true)}
          {!hidden.has('gov_id') && field('govId', t.govId)}
          {!receipt && field('city', t.city)}
          {!receipt && field('clientId', t.clientId)}
          {!multiline && field('product', t.product)}
          {!multiline && field('value', t.value)}
        </SimpleGrid>
        {multiline && (
          <SaleLines
            lines={values.lines}
            onChange={(lines, changed) => {
              setValues((current) => ({ ...current, lines }));
              if (changed) errors.clear(changed);
            }}
            errorOf={errors.errorOf}
            hideCategory={hidden.has('category')}
            disabled={saving}
          />
        )}
        {office && !receipt && (
          <Checkbox
            label={dialog.userLock}
            checked={values.userLock}
            onChange={(event) => set('userLock', event.currentTarget.checked)}
            disabled={!commercial || saving}
          />
        )}
        {office && (
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
        )}
        <Text fw={700} ta="right" data-testid="sale-form-total">
          {format(t.total, { total })}
        </Text>
        {message && (
          <Alert color="red" variant="light" role="alert" p="xs">
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
          {onCancel ? (
            <FormActions
              cancelLabel={cancelLabel}
              onCancel={onCancel}
              submitLabel={submitLabel}
              loading={saving}
              cancelDisabled={saving}
            />
          ) : (
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          )}
        </Group>
      </Stack>
      {receipt && (
        <CancelSaleDialog
          opened={canceling}
          receipt={receipt}
          onClose={() => setCanceling(false)}
          onDone={() => onDone('canceled')}
        />
      )}
    </form>
  );
}
