import { useEffect, useId, useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Input,
  Loader,
  Popover,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { CONTACT_EXTENSION_MAX } from '@cartera/domain/contact-form';
import { countryName } from '@cartera/domain/contact-sheet';
import { es, format } from '@cartera/domain/i18n';
import { parsePhone, type PhoneInputState } from '@cartera/domain/phone';
import { AlertIcon, CheckIcon, PhoneIcon, PlusIcon, XIcon } from '../../../ui/icons';
import { emptyPhone, writtenForm, type PhoneRow } from './sheet-values';
import { usePhoneCheck, type PhoneCheck, type PhoneValidation } from './use-phone-check';

/** What the popover beside a refused number may do (02 §8); each acts on the other contact. */
export interface PhoneActions {
  takeOver: (contactId: string) => void;
  goToMine: (contactId: string) => void;
  createSubConversation: (contactId: string) => void;
  /** Only while editing a contact. */
  unify?: (contactId: string) => void;
  /** An action is running: the buttons wait. */
  busy: boolean;
}

/** What the sheet needs to know of each row's check: whether saving must wait or is refused. */
export interface RowCheck {
  state: PhoneInputState;
}

/**
 * The sheet's phones (02 §2 screen 1, §5): several numbers, each checked while typing, each with
 * an internal extension when the tenant uses them, and 'Agregar teléfono'.
 */
export function PhoneRowsInput({
  rows,
  onChange,
  country,
  contactId,
  withExtension,
  required,
  errorOf,
  extensionErrorOf,
  onBlur,
  onCheck,
  actions,
}: {
  rows: PhoneRow[];
  onChange: (rows: PhoneRow[]) => void;
  country: string;
  contactId?: string;
  withExtension: boolean;
  required: boolean;
  /** The sheet's message for a row's number (rules, repeated numbers, the server's answer). */
  errorOf: (key: string) => string | undefined;
  extensionErrorOf: (key: string) => string | undefined;
  onBlur: (key: string) => void;
  onCheck: (key: string, check: RowCheck) => void;
  actions: PhoneActions;
}) {
  const id = useId();
  const change = (key: string, patch: Partial<PhoneRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <Input.Wrapper
      label={es.contacts.phones}
      withAsterisk={required}
      labelProps={{ id: `${id}-label` }}
    >
      <Stack gap={8} mt={4} role="group" aria-labelledby={`${id}-label`}>
        {rows.map((row, index) => (
          <PhoneRowInput
            key={row.key}
            row={row}
            index={index}
            country={country}
            contactId={contactId}
            withExtension={withExtension}
            error={errorOf(row.key)}
            extensionError={extensionErrorOf(row.key)}
            removable={rows.length > 1}
            onChange={(patch) => change(row.key, patch)}
            onBlur={() => onBlur(row.key)}
            onRemove={() => onChange(rows.filter((each) => each.key !== row.key))}
            onCheck={(check) => onCheck(row.key, check)}
            actions={actions}
          />
        ))}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<PlusIcon size={14} />}
            onClick={() => onChange([...rows, emptyPhone()])}
          >
            {es.contacts.addPhone}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

function PhoneRowInput({
  row,
  index,
  country,
  contactId,
  withExtension,
  error,
  extensionError,
  removable,
  onChange,
  onBlur,
  onRemove,
  onCheck,
  actions,
}: {
  row: PhoneRow;
  index: number;
  country: string;
  contactId?: string;
  withExtension: boolean;
  error: string | undefined;
  extensionError: string | undefined;
  removable: boolean;
  onChange: (patch: Partial<PhoneRow>) => void;
  onBlur: () => void;
  onRemove: () => void;
  onCheck: (check: RowCheck) => void;
  actions: PhoneActions;
}) {
  const check = usePhoneCheck({
    raw: row.phone,
    country,
    contactId,
    extension: withExtension ? row.extensionNumber : undefined,
  });
  const { state } = check;
  useEffect(() => {
    // The sheet keeps the state only when it changed, so calling this after each render is cheap.
    onCheck({ state });
  }, [state, onCheck]);

  // The popover opens by itself for each new refusal; the user may close it and open it again.
  const refusalKey = check.refusal ? `${check.refusal.phoneNumber}:${check.refusal.type}` : null;
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const popoverOpened = refusalKey !== null && closedFor !== refusalKey;
  const n = index + 1;
  const message = error ?? (state === 'error' ? (check.message ?? undefined) : undefined);
  // How the number was read: its country and international form. It stays when the input is
  // rewritten on leaving, so nothing below moves under the pointer.
  const description =
    state === 'success' && check.parsed && !error
      ? `${countryName(check.parsed.country ?? country)} · ${check.parsed.international}`
      : undefined;

  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Popover
        opened={popoverOpened}
        onChange={(opened) => setClosedFor(opened ? null : refusalKey)}
        position="bottom-start"
        withArrow
        shadow="md"
        width={320}
        trapFocus={false}
        returnFocus={false}
      >
        <Popover.Target>
          <TextInput
            style={{ flex: 1 }}
            aria-label={format(es.contacts.phoneN, { n })}
            leftSection={<PhoneIcon size={16} />}
            placeholder={es.fields.phonePlaceholder}
            inputMode="tel"
            autoComplete="off"
            value={row.phone}
            // While the popover is open it says the same: the input only turns red.
            error={popoverOpened && !error ? true : message}
            description={description}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            rightSection={
              <PhoneStateMark
                check={check}
                onToggle={() => setClosedFor(popoverOpened ? refusalKey : null)}
              />
            }
            rightSectionPointerEvents="auto"
            onChange={(event) => onChange({ phone: event.currentTarget.value })}
            onBlur={() => {
              // 02 §5 'phones are normalised': a number that reads is shown in its usual form.
              const parsed = parsePhone(row.phone, country);
              const shown = parsed ? writtenForm(parsed, country) : undefined;
              if (shown && shown !== row.phone) onChange({ phone: shown });
              onBlur();
            }}
            // Escape closes the popover first, not the whole sheet.
            data-mantine-stop-propagation={popoverOpened ? 'true' : undefined}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && popoverOpened) setClosedFor(refusalKey);
            }}
          />
        </Popover.Target>
        {check.refusal && (
          <Popover.Dropdown aria-labelledby={`${row.key}-refusal`}>
            <RefusalActions id={`${row.key}-refusal`} refusal={check.refusal} actions={actions} />
          </Popover.Dropdown>
        )}
      </Popover>
      {withExtension && (
        <TextInput
          w={96}
          aria-label={format(es.contacts.extensionN, { n })}
          placeholder={es.contacts.extension}
          inputMode="numeric"
          maxLength={CONTACT_EXTENSION_MAX}
          value={row.extensionNumber}
          error={extensionError}
          // 02 §5: the extension accepts digits only.
          onChange={(event) =>
            onChange({ extensionNumber: event.currentTarget.value.replace(/\D/g, '') })
          }
        />
      )}
      {removable && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={format(es.contacts.removePhone, { n })}
          onClick={onRemove}
        >
          <XIcon size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}

function PhoneStateMark({ check, onToggle }: { check: PhoneCheck; onToggle: () => void }) {
  switch (check.state) {
    case 'loading':
      return <Loader size={14} aria-label={es.contacts.phoneChecking} />;
    case 'success':
      return (
        <span role="img" aria-label={es.contacts.phoneValid} style={{ display: 'flex' }}>
          <CheckIcon size={16} color="var(--mantine-color-teal-7)" />
        </span>
      );
    case 'error':
      return check.refusal ? (
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          aria-label={es.contacts.phoneOptions}
          onClick={onToggle}
        >
          <AlertIcon size={16} />
        </ActionIcon>
      ) : (
        <AlertIcon size={16} color="var(--mantine-color-red-7)" aria-hidden />
      );
    default:
      return null;
  }
}

/** 02 §8: the refusal's text and what the user may do about the other contact. */
function RefusalActions({
  id,
  refusal,
  actions,
}: {
  id: string;
  refusal: PhoneValidation;
  actions: PhoneActions;
}) {
  const other = refusal.contactId;
  return (
    <Stack gap="xs">
      <Text id={id} size="sm">
        {refusal.error}
      </Text>
      {other && (
        <Group gap="xs">
          {refusal.isObtainable && (
            <Button
              size="compact-sm"
              disabled={actions.busy}
              onClick={() => actions.takeOver(other)}
            >
              {es.contacts.obtainContact}
            </Button>
          )}
          {refusal.itsMine && (
            <Button
              size="compact-sm"
              disabled={actions.busy}
              onClick={() => actions.goToMine(other)}
            >
              {es.contacts.goToMyContact}
            </Button>
          )}
          {refusal.subConversation && (
            <Button
              size="compact-sm"
              variant="light"
              disabled={actions.busy}
              onClick={() => actions.createSubConversation(other)}
            >
              {es.contacts.createSubConversation}
            </Button>
          )}
          {refusal.unifyContacts && actions.unify && (
            <Button
              size="compact-sm"
              variant="light"
              disabled={actions.busy}
              onClick={() => actions.unify?.(other)}
            >
              {es.contacts.unifyContacts}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
