import { useState, type FormEvent } from 'react';
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { appEs, authEs } from '@cartera/domain/i18n/app';
import { userMessageOf } from '../../lib/errors';
import { safeReturnUrl } from '../../lib/return-url';
import { useTRPC } from '../../lib/trpc';
import { Brand } from '../../ui/brand';
import { CenteredPage } from '../../ui/centered-page';
import { usePrefetchApp } from './prefetch-app';

interface Values {
  email: string;
  password: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  const email = values.email.trim();
  if (!email) errors.email = authEs.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = authEs.emailInvalid;
  if (!values.password) errors.password = authEs.passwordRequired;
  return errors;
}

/** /login: e-mail and password; on success back to `returnUrl` (same site only) or '/'. */
export function LoginPage({ returnUrl }: { returnUrl?: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  usePrefetchApp();
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: async (me) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), me);
        const target = safeReturnUrl(returnUrl, window.location.origin) ?? '/';
        await router.navigate({ href: target, replace: true });
      },
    }),
  );

  const errors = submitted ? validate(values) : {};

  function change(field: keyof Values, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (login.isError) login.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (login.isPending || Object.keys(validate(values)).length > 0) return;
    login.mutate({ email: values.email.trim(), password: values.password });
  }

  return (
    <CenteredPage>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }} w="100%" maw={400}>
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <Stack gap="md" align="center">
              <Brand size={56} compact />
              <Stack gap={4} align="center">
                <Text fw={800} fz={22} lh={1.1} c="dark.7">
                  {appEs.name}
                </Text>
                <Title order={1} fz="md" fw={500} c="dimmed">
                  {authEs.loginTitle}
                </Title>
              </Stack>
            </Stack>
            <TextInput
              label={authEs.email}
              type="email"
              autoComplete="username"
              autoFocus
              value={values.email}
              onChange={(event) => change('email', event.currentTarget.value)}
              error={errors.email}
            />
            <PasswordInput
              label={authEs.password}
              autoComplete="current-password"
              value={values.password}
              onChange={(event) => change('password', event.currentTarget.value)}
              error={errors.password}
            />
            {login.isError && (
              <Alert color="red" variant="light" role="alert">
                {userMessageOf(login.error)}
              </Alert>
            )}
            <Button type="submit" fullWidth size="md" loading={login.isPending}>
              {authEs.submit}
            </Button>
          </Stack>
        </form>
      </Paper>
    </CenteredPage>
  );
}
