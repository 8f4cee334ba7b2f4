import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Loader,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ZPublicForm, type PublicForm, type PublicFormField } from '@cartera/domain/forms';
import { errorMessage } from '@cartera/domain/i18n/errors';
import { es } from '@cartera/domain/i18n';
import { CenteredPage } from '../../ui/centered-page';

const t = es.forms.page;

type Answer = string | string[];

/** A refusal of the public endpoints: its Spanish text and, for bad answers, each question's. */
class PageError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

async function call<T>(token: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/comercial/forms/public/${encodeURIComponent(token)}`, {
      ...init,
      headers: init?.body ? { 'content-type': 'application/json' } : undefined,
    });
  } catch {
    throw new PageError(errorMessage('SERVICE_UNAVAILABLE'));
  }
  const body = (await response.json().catch(() => ({}))) as {
    message?: string;
    code?: string;
    fieldErrors?: Record<string, string[]>;
  };
  if (!response.ok) {
    throw new PageError(body.message ?? errorMessage(body.code), body.fieldErrors ?? {});
  }
  return body as T;
}

/**
 * The page a customer fills a form on (issue #42 item 3, /f/<token>): outside the app, without
 * signing in, made for a phone. It shows the form's name, description and questions only; the
 * answers go once, and a used, expired or unknown link says so in Spanish.
 */
export function PublicFormPage({ token }: { token: string }) {
  const form = useQuery({
    queryKey: ['public-form', token],
    queryFn: async () => ZPublicForm.parse(await call<PublicForm>(token)),
    retry: false,
  });
  return (
    <CenteredPage>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={560}>
        {form.isPending ? (
          <Stack align="center" py="xl" gap="sm">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t.loading}
            </Text>
          </Stack>
        ) : form.isError ? (
          <Stack gap="sm" py="md">
            <Title order={1} size="h3">
              {t.unavailable}
            </Title>
            <Text role="alert">{form.error.message}</Text>
          </Stack>
        ) : (
          <Answers token={token} form={form.data} />
        )}
      </Paper>
    </CenteredPage>
  );
}

function Answers({ token, form }: { token: string; form: PublicForm }) {
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const send = useMutation({
    mutationFn: () =>
      call<{ ok: true }>(token, { method: 'POST', body: JSON.stringify({ answers }) }),
  });
  const errors = send.error instanceof PageError ? send.error.fieldErrors : {};
  if (send.isSuccess) {
    return (
      <Stack gap="sm" py="md" role="status">
        <Title order={1} size="h3">
          {t.thanks}
        </Title>
        <Text c="dimmed">{t.thanksHint}</Text>
      </Stack>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h3">
            {form.name}
          </Title>
          {form.description && <Text c="dimmed">{form.description}</Text>}
        </Stack>
        {form.fields.map((field) => (
          <Question
            key={field.key}
            field={field}
            value={answers[field.key]}
            error={errors[field.key]?.[0] ?? null}
            onChange={(value) => setAnswers((current) => ({ ...current, [field.key]: value }))}
          />
        ))}
        {send.isError && (
          <Alert color="red" role="alert">
            {Object.keys(errors).length > 0 ? t.fixErrors : send.error.message}
          </Alert>
        )}
        <Button type="submit" size="md" loading={send.isPending} fullWidth>
          {t.submit}
        </Button>
      </Stack>
    </form>
  );
}

/** One question as its type asks it; every control is a labelled one (phones' keyboards too). */
function Question({
  field,
  value,
  error,
  onChange,
}: {
  field: PublicFormField;
  value: Answer | undefined;
  error: string | null;
  onChange: (value: Answer) => void;
}) {
  const common = { label: field.label, withAsterisk: field.required, error, size: 'md' as const };
  const text = typeof value === 'string' ? value : '';
  switch (field.type) {
    case 'select':
      return (
        <Select
          {...common}
          placeholder={t.choose}
          data={field.options}
          value={text || null}
          onChange={(picked) => onChange(picked ?? '')}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'multiselect':
      return (
        <Checkbox.Group
          {...common}
          value={Array.isArray(value) ? value : []}
          onChange={(picked) => onChange(picked)}
        >
          <Stack gap="xs" mt={6}>
            {field.options.map((option) => (
              <Checkbox key={option} value={option} label={option} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={text}
          inputMode="decimal"
          onChange={(number) => onChange(String(number))}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={field.type === 'email' ? 'email' : 'text'}
          autoComplete={
            field.key === 'contact.email'
              ? 'email'
              : field.key === 'contact.firstName'
                ? 'given-name'
                : field.key === 'contact.lastName'
                  ? 'family-name'
                  : 'off'
          }
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}
