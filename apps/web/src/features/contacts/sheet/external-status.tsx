import { useEffect, useRef, useState } from 'react';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { EXTERNAL_VALIDATION_DEBOUNCE_MS } from '@cartera/domain/contact-form';
import { type ContactFormValues } from '@cartera/domain/contact-sheet';
import { es, format } from '@cartera/domain/i18n';
import { userMessageOf } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';
import { AlertIcon, CheckIcon, CircleIcon } from '../../../ui/icons';

/** 02 §4: the states of the external contact system's box. */
export type ExternalState =
  | { status: 'listening' }
  | { status: 'validating' }
  | { status: 'error'; message: string }
  | { status: 'valid' };

/**
 * The external contact system's verdict on the sheet (02 §4): only while editing and once the
 * values changed, after EXTERNAL_VALIDATION_DEBOUNCE_MS without changes, through
 * contacts.externalValidate. Until then it is listening. Answers to older values are ignored.
 */
export function useExternalValidation(input: {
  /** The system's name; null when the tenant has none (nothing is validated). */
  system: string | null;
  contactId: string | undefined;
  /** The values the server would receive; null while the sheet's own rules refuse them. */
  values: ContactFormValues | null;
  /** The values differ from the saved contact's. */
  changed: boolean;
}): ExternalState {
  const trpc = useTRPC();
  const active = input.system !== null && input.contactId !== undefined && input.changed;
  const body = active && input.values ? JSON.stringify(input.values) : null;
  const [settled] = useDebouncedValue(body, EXTERNAL_VALIDATION_DEBOUNCE_MS);
  const [verdict, setVerdict] = useState<{ body: string; state: ExternalState } | null>(null);
  const latest = useRef<string | null>(null);
  const validate = useMutation(trpc.contact.externalValidate.mutationOptions());
  const { mutate } = validate;

  useEffect(() => {
    latest.current = settled;
    if (!settled || !input.contactId) return;
    mutate(
      { contactId: input.contactId, values: JSON.parse(settled) as ContactFormValues },
      {
        onSuccess: (result) => {
          if (latest.current !== settled) return;
          setVerdict({
            body: settled,
            state: result.isValid
              ? { status: 'valid' }
              : {
                  status: 'error',
                  message: result.errorMessage || es.contacts.externalValidationDefault,
                },
          });
        },
        onError: (error) => {
          if (latest.current !== settled) return;
          setVerdict({ body: settled, state: { status: 'error', message: userMessageOf(error) } });
        },
      },
    );
  }, [settled, input.contactId, mutate]);

  if (!body) return { status: 'listening' };
  if (verdict?.body === body) return verdict.state;
  return settled === body ? { status: 'validating' } : { status: 'listening' };
}

/** The status box of 02 §2 screen 1 when an external contact system is connected. */
export function ExternalStatusBox({ system, state }: { system: string; state: ExternalState }) {
  const color = state.status === 'valid' ? 'teal' : state.status === 'error' ? 'red' : 'gray';
  const icon =
    state.status === 'validating' ? (
      <Loader size={16} />
    ) : state.status === 'valid' ? (
      <CheckIcon size={18} />
    ) : state.status === 'error' ? (
      <AlertIcon size={18} />
    ) : (
      <CircleIcon size={18} />
    );
  return (
    <Alert
      color={color}
      variant="light"
      icon={icon}
      title={format(es.contacts.externalTitle, { system })}
      role="status"
      aria-live="polite"
      data-state={state.status}
    >
      <Group gap={6}>
        <Text size="sm">{format(es.contacts.externalStates[state.status], { system })}</Text>
      </Group>
      {state.status === 'error' && (
        <Text size="sm" c="red.8" mt={4}>
          {state.message}
        </Text>
      )}
    </Alert>
  );
}
