import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';

const t = es.phone;

export interface PhoneProviders {
  connected: boolean;
  providerName: string | null;
  phoneUrl: string | null;
  mapping: {
    externalUserId: string;
    numberIds: string[];
    countryCodes: string[];
  } | null;
}

/** The caller's phone providers (01 §3 User phoneProviders), read once per session. */
export function usePhoneProviders() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.phone.providers.queryOptions(), staleTime: 5 * 60_000 });
}

/**
 * Whether a call to `phone` goes through the company's provider: it is connected, the caller
 * has their Aircall user, and the number's country code is one of theirs (any when none).
 * Otherwise the call is logged by hand ('¿Pudiste comunicarte?').
 */
export function callsThroughProvider(providers: PhoneProviders | undefined, phone: string) {
  if (!providers?.connected || !providers.mapping) return false;
  const codes = providers.mapping.countryCodes;
  return codes.length === 0 || codes.some((code) => phone.startsWith(`+${code}`));
}

/** The restrictions of a contact's numbers (03 §3 phoneNumberStates). */
export function useNumberStates(contactId: string) {
  const trpc = useTRPC();
  return useQuery(trpc.phone.numberStates.queryOptions({ contactId }));
}

/** The restriction of one number, if it has one. */
export function restrictionOf(
  states:
    | ReadonlyArray<{ phoneNumber: string; disableCall: boolean; blockReason: string | null }>
    | undefined,
  phone: string | undefined,
) {
  if (!phone) return undefined;
  const state = states?.find((each) => each.phoneNumber === phone && each.disableCall);
  return state ? { reason: state.blockReason ?? '' } : undefined;
}

/** 'Número de teléfono restringido' with its reason (03 §8). */
export function showRestricted(reason: string | undefined) {
  notifications.show({
    color: 'red',
    title: t.restricted,
    message: reason ? format(t.restrictedReason, { reason }) : undefined,
  });
}
