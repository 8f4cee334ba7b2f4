import { useId, useState, type ReactNode } from 'react';
import { Pill, PillsInput } from '@mantine/core';
import type { DraftAddress } from '@cartera/domain/email';
import { es, format } from '@cartera/domain/i18n';
import { addressKeyAction, addressLabel, commitTyped, pendingError } from './address-list';

const c = es.email.composer;

/**
 * An address field of the e-mail composer (To, Cc, Bcc; 03 §5): each address a chip; typing ';'
 * or ',' adds what precedes it, Enter, Tab or leaving the field adds what is typed, Backspace on
 * an empty field removes the last chip (the field keeps `keep` of them: To keeps one). A typed
 * text that is not an address stays, with 'El email "{value}" no es valido.' once the user tried
 * to add it (or `error`, the form's, once it was sent).
 */
export function AddressInput({
  label,
  value,
  onChange,
  pending,
  onPendingChange,
  keep = 0,
  error,
  disabled = false,
  rightSection,
}: {
  label: string;
  value: readonly DraftAddress[];
  onChange: (addresses: DraftAddress[]) => void;
  /** What is typed and not yet added (the form checks it before sending). */
  pending: string;
  onPendingChange: (text: string) => void;
  /** How many addresses the field never goes below (To: one). */
  keep?: number;
  error?: string | null | undefined;
  disabled?: boolean;
  /** Beside the field (the 'CC y CCO' switch of To). */
  rightSection?: ReactNode;
}) {
  const id = useId();
  // The typed text was refused once (Enter, Tab, ';' or leaving): its error shows until edited.
  const [refused, setRefused] = useState(false);

  const take = (text: string, final: boolean) => {
    const typed = commitTyped(value, text, final);
    if (typed.list.length !== value.length) onChange(typed.list);
    onPendingChange(typed.pending);
    setRefused(typed.invalid !== null);
  };

  const shown = error ?? (refused ? pendingError(pending) : null);
  return (
    <PillsInput
      label={label}
      id={id}
      error={shown}
      disabled={disabled}
      rightSection={rightSection}
      rightSectionWidth={rightSection ? 'auto' : undefined}
      rightSectionPointerEvents="auto"
      size="sm"
    >
      <Pill.Group>
        {value.map((address, index) => (
          <Pill
            key={address.email}
            withRemoveButton={!disabled && value.length > keep}
            onRemove={() => onChange(value.filter((_, at) => at !== index))}
            removeButtonProps={{
              'aria-label': format(c.removeAddress, { address: address.email }),
            }}
            title={addressLabel(address)}
          >
            {address.name ?? address.email}
          </Pill>
        ))}
        <PillsInput.Field
          id={id}
          inputMode="email"
          value={pending}
          autoComplete="off"
          aria-invalid={shown ? true : undefined}
          onChange={(event) => {
            const text = event.currentTarget.value;
            if (/[;,]/.test(text)) take(text, false);
            else {
              setRefused(false);
              onPendingChange(text);
            }
          }}
          onBlur={() => {
            if (pending.trim()) take(pending, true);
          }}
          onKeyDown={(event) => {
            const action = addressKeyAction(event.key, pending, value.length, keep);
            if (action === 'commit') {
              // Enter never sends the form from here, and Tab stays to type the next address (or
              // to correct a refused one); with nothing typed, Tab moves on as usual.
              event.preventDefault();
              take(pending, true);
            } else if (action === 'removeLast') {
              event.preventDefault();
              onChange(value.slice(0, -1));
            } else if (event.key === 'Enter') {
              event.preventDefault();
            }
          }}
        />
      </Pill.Group>
    </PillsInput>
  );
}
