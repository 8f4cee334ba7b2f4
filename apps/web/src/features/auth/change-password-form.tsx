import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Group,
  List,
  PasswordInput,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import {
  checkPassword,
  MIN_PASSWORD_LENGTH,
  passwordFormErrors,
  passwordRules,
} from '@cartera/domain/password';
import { CheckIcon, CircleIcon } from '../../ui/icons';
import { domainCodeOf, errorDetailsOf, userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useMe } from './session';

type Field = 'currentPassword' | 'newPassword' | 'repeatPassword';
type Values = Record<Field, string>;

const EMPTY: Values = { currentPassword: '', newPassword: '', repeatPassword: '' };

/**
 * The password change of 01 §5: three fields, the live checklist of the new password's rules,
 * field messages once a field was left, and submit disabled until everything holds. The server
 * checks again and answers codes 1, 2 and 3 (01 §8): code 2 belongs to the current-password
 * field, the others to the whole form. The length rule is the company's minimum when its
 * security rules ask for more than the product's (`auth.me` settings). Used by the forced change
 * page and by /settings.
 */
export function ChangePasswordForm({
  onSuccess,
  submitLabel = es.password.submit,
}: {
  onSuccess: () => void | Promise<void>;
  submitLabel?: string;
}) {
  const trpc = useTRPC();
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const change = useMutation(trpc.auth.changePassword.mutationOptions({ onSuccess }));

  const minLength = useMe()?.settings.passwordMinLength ?? MIN_PASSWORD_LENGTH;
  const rules = passwordRules(minLength);
  const errors = passwordFormErrors(values, minLength);
  const canSubmit = Object.keys(errors).length === 0 && !change.isPending;
  const checks = checkPassword(values.newPassword, minLength);

  const serverError = change.isError ? change.error : null;
  const onCurrentField =
    serverError !== null &&
    (domainCodeOf(serverError) === 'PASSWORD_MISMATCH' ||
      errorDetailsOf(serverError)?.field === 'currentPassword');

  function set(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (change.isError) change.reset();
  }

  function fieldError(field: Field) {
    if (field === 'currentPassword' && onCurrentField) return userMessageOf(serverError);
    return touched[field] ? errors[field] : undefined;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ currentPassword: true, newPassword: true, repeatPassword: true });
    if (!canSubmit) return;
    change.mutate(values);
  }

  const leave = (field: Field) => () => setTouched((current) => ({ ...current, [field]: true }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={es.password.current}
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(event) => set('currentPassword', event.currentTarget.value)}
          onBlur={leave('currentPassword')}
          error={fieldError('currentPassword')}
        />
        <Stack gap="xs">
          <PasswordInput
            label={es.password.next}
            autoComplete="new-password"
            value={values.newPassword}
            onChange={(event) => set('newPassword', event.currentTarget.value)}
            onBlur={leave('newPassword')}
            error={fieldError('newPassword')}
            aria-describedby="password-rules"
          />
          <Box id="password-rules" bg="gray.0" p="sm" style={{ borderRadius: 8 }}>
            <Text size="xs" c="dimmed" mb={6}>
              {es.password.checklist}
            </Text>
            <List spacing={4} size="sm" listStyleType="none" aria-label={es.password.checklist}>
              {rules.map((rule) => {
                const passed = checks[rule.id];
                return (
                  <List.Item key={rule.id} data-rule={rule.id} data-passed={passed}>
                    <Group gap={8} wrap="nowrap">
                      {passed ? (
                        <CheckIcon size={16} color="var(--mantine-color-teal-7)" />
                      ) : (
                        <CircleIcon size={16} color="var(--mantine-color-gray-5)" />
                      )}
                      <Text size="sm" c={passed ? 'teal.8' : 'dimmed'}>
                        {rule.label}
                        <VisuallyHidden component="span">
                          {` (${passed ? es.password.rulePassed : es.password.ruleMissing})`}
                        </VisuallyHidden>
                      </Text>
                    </Group>
                  </List.Item>
                );
              })}
            </List>
          </Box>
        </Stack>
        <PasswordInput
          label={es.password.repeat}
          autoComplete="new-password"
          value={values.repeatPassword}
          onChange={(event) => set('repeatPassword', event.currentTarget.value)}
          onBlur={leave('repeatPassword')}
          error={fieldError('repeatPassword')}
        />
        {serverError && !onCurrentField && (
          <Alert color="red" variant="light" role="alert">
            {userMessageOf(serverError)}
          </Alert>
        )}
        <Button type="submit" fullWidth disabled={!canSubmit} loading={change.isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
