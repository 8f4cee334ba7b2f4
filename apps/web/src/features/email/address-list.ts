import { addressInvalidText, isMailAddress, type DraftAddress } from '@cartera/domain/email';

/*
 * The rules of an address field of the e-mail composer (03 §5): what a typed text adds, which
 * keys add or remove an address, and what a pending text says. Pure, for the field
 * (address-input.tsx) and its tests.
 */

/** Typed separators: the spec's semicolon, and the comma mail programs take as well. */
const SEPARATORS = /[;,]/;

/** One typed address, 'ana@correo.com' or 'Ana Pérez <ana@correo.com>'; null when not valid. */
export function parseAddress(text: string): DraftAddress | null {
  const trimmed = text.trim();
  const angled = /^(.*)<([^<>]+)>$/.exec(trimmed);
  const email = (angled ? angled[2]! : trimmed).trim().toLowerCase();
  if (!isMailAddress(email)) return null;
  const name = angled?.[1]!
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
  return name ? { email, name } : { email };
}

export interface TypedAddresses {
  /** The field's addresses with those the text completed. */
  list: DraftAddress[];
  /** What stays typed in the field. */
  pending: string;
  /** The first piece that is not an address, if one stopped the adding. */
  invalid: string | null;
}

/**
 * Adds the addresses a typed text completes: each piece before a ';' or ',' (and with `final`,
 * Enter, Tab or leaving the field, the last piece too). An address already in the list is not
 * added twice; the first piece that is not an address stops the adding and stays typed with
 * what followed it.
 */
export function commitTyped(
  list: readonly DraftAddress[],
  text: string,
  final: boolean,
): TypedAddresses {
  const pieces = text.split(SEPARATORS);
  const tail = final ? '' : (pieces.pop() ?? '');
  const next = [...list];
  const complete = pieces.map((piece) => piece.trim()).filter(Boolean);
  for (const [index, piece] of complete.entries()) {
    const address = parseAddress(piece);
    if (!address) {
      const rest = complete.slice(index);
      return {
        list: next,
        pending: tail.trim() ? `${rest.join('; ')}; ${tail.trimStart()}` : rest.join('; '),
        invalid: piece,
      };
    }
    if (!next.some((each) => each.email === address.email)) next.push(address);
  }
  return { list: next, pending: tail.trimStart(), invalid: null };
}

/** The list with what is still typed, when every piece of it is an address (else unchanged). */
export function withPending(list: readonly DraftAddress[], pending: string): DraftAddress[] {
  const typed = commitTyped(list, pending, true);
  return typed.invalid ? [...list] : typed.list;
}

/** 03 §5: the error of a text left typed in an address field, or null when it is an address. */
export function pendingError(pending: string): string | null {
  if (pending.trim() === '') return null;
  const typed = commitTyped([], pending, true);
  return typed.invalid === null ? null : addressInvalidText(typed.invalid);
}

export type AddressKeyAction = 'commit' | 'removeLast' | 'none';

/**
 * What a key does in an address field (03 §5): Enter or Tab adds what is typed; Backspace on an
 * empty field removes the last address unless the field must keep it (To keeps one).
 */
export function addressKeyAction(
  key: string,
  pending: string,
  count: number,
  keep: number,
): AddressKeyAction {
  if ((key === 'Enter' || key === 'Tab') && pending.trim() !== '') return 'commit';
  if (key === 'Backspace' && pending === '' && count > keep) return 'removeLast';
  return 'none';
}

/** An address as a chip shows it: the name with the address, or the address alone. */
export function addressLabel(address: DraftAddress): string {
  return address.name ? `${address.name} <${address.email}>` : address.email;
}
