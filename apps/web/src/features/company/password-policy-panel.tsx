import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { MAX_PASSWORD_MIN_LENGTH, MIN_PASSWORD_LENGTH } from '@cartera/domain/password';
import { ZSecurityRules, type SecurityRules } from '@cartera/domain/security';
import { userMessageOf } from '../../lib/errors';
import { fieldErrorsOf } from '../../lib/field-errors';
import { useTRPC } from '../../lib/trpc';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';

const text = es.security;
const t = text.rules;

type Field = keyof SecurityRules;
/** What the inputs hold: a number, or '' while empty. */
type Draft = Record<Field, number | string>;

/** The Spanish errors of each field, the client's (ZSecurityRules) or the server's. */
function errorsOf(draft: Draft): Partial<Record<Field, string>> {
  const parsed = ZSecurityRules.safeParse({
    passwordMinLength: draft.passwordMinLength === '' ? undefined : Number(draft.passwordMinLength),
    passwordMaxAgeDays:
      draft.passwordMaxAgeDays === '' ? undefined : Number(draft.passwordMaxAgeDays),
  });
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return errors;
}

/**
 * 'Reglas de contraseña': the company's minimum length and expiry, stricter than the product's
 * rules only. Saved, they apply at each user's next sign-in and in the change-password
 * checklist (auth.me is read again so this browser's checklist follows at once).
 */
export function PasswordPolicyPanel() {
  const trpc = useTRPC();
  const rules = useQuery(trpc.security.rules.queryOptions());
  return (
    <Panel titleId="company-password-policy" title={t.title}>
      <Text size="sm" c="dimmed">
        {format(t.intro, { min: MIN_PASSWORD_LENGTH })}
      </Text>
      {rules.isPending ? (
        <Loader size="sm" aria-label={t.title} />
      ) : rules.isError ? (
        <QueryError query={rules} />
      ) : (
        <PolicyForm key={JSON.stringify(rules.data)} saved={rules.data} />
      )}
    </Panel>
  );
}

function PolicyForm({ saved }: { saved: SecurityRules }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(saved);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation(
    trpc.security.updateRules.mutationOptions({
      onSuccess: (rules) => {
        queryClient.setQueryData(trpc.security.rules.queryKey(), rules);
        void queryClient.invalidateQueries(trpc.auth.me.queryFilter());
        notifications.show({ color: 'teal', message: text.saved });
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        setServerErrors({
          passwordMinLength: fields.passwordMinLength?.[0],
          passwordMaxAgeDays: fields.passwordMaxAgeDays?.[0],
        });
      },
    }),
  );
  const clientErrors = submitted ? errorsOf(draft) : {};
  const errorOf = (field: Field) => serverErrors[field] ?? clientErrors[field];
  const changed =
    Number(draft.passwordMinLength) !== saved.passwordMinLength ||
    Number(draft.passwordMaxAgeDays) !== saved.passwordMaxAgeDays ||
    draft.passwordMinLength === '' ||
    draft.passwordMaxAgeDays === '';

  function set(field: Field, value: number | string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
    if (save.isError) save.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errorsOf(draft)).length > 0) return;
    save.mutate({
      passwordMinLength: Number(draft.passwordMinLength),
      passwordMaxAgeDays: Number(draft.passwordMaxAgeDays),
    });
  }

  const unplaced =
    save.isError && !serverErrors.passwordMinLength && !serverErrors.passwordMaxAgeDays;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-start" gap="md" grow maw={560}>
          <NumberInput
            label={t.minLength}
            description={format(t.minLengthHint, {
              min: MIN_PASSWORD_LENGTH,
              max: MAX_PASSWORD_MIN_LENGTH,
            })}
            value={draft.passwordMinLength}
            onChange={(value) => set('passwordMinLength', value)}
            allowDecimal={false}
            allowNegative={false}
            // The hints under the inputs, so both inputs line up whatever their length.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errorOf('passwordMinLength')}
          />
          <NumberInput
            label={t.maxAge}
            description={t.maxAgeHint}
            value={draft.passwordMaxAgeDays}
            onChange={(value) => set('passwordMaxAgeDays', value)}
            allowDecimal={false}
            allowNegative={false}
            // The hints under the inputs, so both inputs line up whatever their length.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errorOf('passwordMaxAgeDays')}
          />
        </Group>
        <Text size="sm" data-testid="password-policy-summary">
          {format(t.summaryLength, { n: saved.passwordMinLength })}{' '}
          {saved.passwordMaxAgeDays > 0
            ? format(t.summaryExpiry, { n: saved.passwordMaxAgeDays })
            : t.summaryNoExpiry}
        </Text>
        <Text size="xs" c="dimmed">
          {t.enforcement}
        </Text>
        {unplaced && (
          <Alert color="red" variant="light" role="alert">
            {userMessageOf(save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            {text.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
