import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { PHONE_SERVER_CHECK_DEBOUNCE_MS } from '@cartera/domain/contact-form';
import { typedPhoneError } from '@cartera/domain/contact-sheet';
import { es, format } from '@cartera/domain/i18n';
import {
  cleanPhone,
  normalizePhone,
  parsePhone,
  PHONE_CHECK_DEBOUNCE_MS,
  PHONE_CHECK_DELAY_MS,
  type ParsedPhone,
  type PhoneInputState,
} from '@cartera/domain/phone';
import type { RouterOutputs } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';

export type PhoneValidation = RouterOutputs['contact']['validatePhone'];

export interface PhoneCheck {
  state: PhoneInputState;
  /** The text under the input when the state is 'error'. */
  message: string | null;
  /** The number as read, once reading ended and it reads as a number. */
  parsed: ParsedPhone | null;
  /** The server's answer when it refused the number (duplicate, blocked): the popover's. */
  refusal: PhoneValidation | null;
}

/**
 * The phone input's check (02 §4 'per phone number, the check state', §9 pauses): while the user
 * types the number is being read; once typing pauses (PHONE_CHECK_DEBOUNCE_MS) it is checked on
 * the device and, when it reads as a number, on the server (contacts.validatePhone: duplicates,
 * blocked numbers), showing the loading state for at least PHONE_CHECK_DELAY_MS. The server is
 * asked as soon as typing pauses for PHONE_SERVER_CHECK_DEBOUNCE_MS, so its answer is usually
 * there when the reading ends.
 */
export function usePhoneCheck(input: {
  raw: string;
  country: string;
  /** The contact being edited: its own numbers are not duplicates. */
  contactId?: string;
  extension?: string;
}): PhoneCheck {
  const trpc = useTRPC();
  const value = input.raw.trim();
  // The number, not its spelling, is what is read and checked: reformatting a number (spaces,
  // the country code) does not start the check again.
  const number = value ? (normalizePhone(value, input.country) ?? cleanPhone(value)) : '';
  const [serverValue] = useDebouncedValue(number, PHONE_SERVER_CHECK_DEBOUNCE_MS);
  const [readValue] = useDebouncedValue(number, PHONE_CHECK_DEBOUNCE_MS);
  const [shownValue] = useDebouncedValue(readValue, PHONE_CHECK_DELAY_MS);
  const serverNumber = serverValue ? normalizePhone(serverValue, input.country) : null;
  const check = useQuery({
    ...trpc.contact.validatePhone.queryOptions({
      number: serverNumber ?? '',
      contactId: input.contactId,
      extension: input.extension || undefined,
    }),
    enabled: serverNumber !== null,
    // One failure is enough to tell the user; they may type again to retry.
    retry: false,
    staleTime: 15_000,
  });

  const idle: PhoneCheck = { state: 'idle', message: null, parsed: null, refusal: null };
  if (!number) return idle;
  if (number !== readValue) return { ...idle, state: 'reading' };
  const typed = typedPhoneError(readValue, input.country);
  if (typed) return { ...idle, state: 'error', message: typed };
  const parsed = parsePhone(readValue, input.country);
  const loading = { ...idle, state: 'loading' as const, parsed };
  if (readValue !== shownValue || serverValue !== number) return loading;
  if (check.isFetching) return loading;
  if (check.error) {
    return {
      ...idle,
      state: 'error',
      parsed,
      message: format(es.contacts.phoneCheckFailed, { number: value }),
    };
  }
  if (!check.data) return loading;
  if (check.data.success) return { ...idle, state: 'success', parsed };
  return {
    state: 'error',
    parsed,
    message: check.data.error ?? es.contacts.phoneTyped,
    refusal:
      check.data.type === 'duplicate' || check.data.type === 'blocknumber' ? check.data : null,
  };
}
