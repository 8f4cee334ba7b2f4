import { Alert } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import { AlertIcon } from '../../ui/icons';
import { restrictionOf, useNumberStates } from './use-phone';

/**
 * The restriction of the contact's chat number (its first, 03 §3 phoneNumberStates), if any: no
 * chat nor call with it (issue #39).
 */
export function useChatRestriction(contactId: string) {
  const states = useNumberStates(contactId);
  return restrictionOf(states.data, states.data?.[0]?.phoneNumber);
}

/** Where the composer's text box was: 'Número de teléfono restringido' and why (03 §8). */
export function RestrictedNumberNotice({ reason }: { reason: string }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<AlertIcon size={18} />}
      title={es.phone.restricted}
      role="alert"
    >
      {reason ? format(es.phone.restrictedReason, { reason }) : null}
    </Alert>
  );
}
