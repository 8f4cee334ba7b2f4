import { useState } from 'react';
import { Alert, Checkbox, Group, NumberInput, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VISIT_COMMENT_MAX, ZVisitCommentInput } from '@cartera/domain/conversation-config';
import { es } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { FormActions } from '../../ui/form-actions';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';
import { ConfigDialog, useConfigDialogForm, useConfigFormErrors } from './config-dialog';
import { ConfigTable, type ConfigDialogProps } from './config-table';
import { useCatalogSaved } from './use-catalog-saved';

const text = es.company;
const t = text.visits;

type VisitResult = RouterOutputs['catalog']['allVisitResults'][number];
type Rules = RouterOutputs['catalog']['conversationRules']['visitComment'];

/**
 * 'Resultados de visita' (03 §3 Visit result): code, name and active. 'Describe tu visita'
 * offers the active ones, and the conversation shows 'Visita' only while there is one.
 */
export function VisitResultsEditor() {
  const trpc = useTRPC();
  const list = useQuery(trpc.catalog.allVisitResults.queryOptions());
  const toggle = useMutation(
    trpc.catalog.updateVisitResult.mutationOptions(useCatalogSaved().toggled),
  );
  return (
    <ConfigTable
      titleId="company-visit-results"
      texts={t}
      query={list}
      togglingCode={toggle.isPending ? (toggle.variables?.code ?? null) : null}
      onToggle={(result, active) =>
        toggle.mutate({ code: result.code, data: { name: result.name, active } })
      }
      columns={[]}
      dialog={(props) => <VisitResultDialog {...props} />}
    />
  );
}

function VisitResultDialog({ item: result, opened, onClose }: ConfigDialogProps<VisitResult>) {
  const trpc = useTRPC();
  const form = useConfigDialogForm(
    { code: result?.code ?? '', name: result?.name ?? '' },
    useCatalogSaved().saved(onClose),
  );
  const { values, errors } = form;
  const create = useMutation(trpc.catalog.createVisitResult.mutationOptions(form.options));
  const update = useMutation(trpc.catalog.updateVisitResult.mutationOptions(form.options));

  function submit() {
    if (!errors.submit()) return;
    const name = values.name.trim();
    if (result) update.mutate({ code: result.code, data: { name, active: result.active } });
    else create.mutate({ code: values.code.trim(), name });
  }

  return (
    <ConfigDialog
      title={result ? t.editTitle : t.createTitle}
      opened={opened}
      saving={create.isPending || update.isPending}
      creating={!result}
      form={form}
      onClose={onClose}
      onSubmit={submit}
    />
  );
}

/**
 * 'Comentario de la visita' (03 §5): whether 'Describe tu visita' requires a comment and the
 * bounds of its length, checked here with the server's schema before saving.
 */
export function VisitCommentEditor() {
  const trpc = useTRPC();
  const rules = useQuery(trpc.catalog.conversationRules.queryOptions());
  return (
    <Panel titleId="company-visit-comment" title={t.rulesTitle}>
      {rules.isError && !rules.data ? (
        <QueryError query={rules} maw={560} />
      ) : rules.data ? (
        <VisitCommentForm
          key={JSON.stringify(rules.data.visitComment)}
          saved={rules.data.visitComment}
        />
      ) : (
        <Skeleton height={36} radius="sm" maw={480} />
      )}
    </Panel>
  );
}

function VisitCommentForm({ saved }: { saved: Rules }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<{
    required: boolean;
    minChars: number | string;
    maxChars: number | string;
  }>(saved);
  const parsed = ZVisitCommentInput.safeParse({
    required: values.required,
    minChars: typeof values.minChars === 'number' ? values.minChars : Number.NaN,
    maxChars: typeof values.maxChars === 'number' ? values.maxChars : Number.NaN,
  });
  const clientErrors: Partial<Record<string, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      clientErrors[field] ??= issue.message;
    }
  }
  const errors = useConfigFormErrors(clientErrors);
  const save = useMutation(
    trpc.catalog.saveVisitComment.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.catalog.conversationRules.queryKey(), next);
        void queryClient.invalidateQueries(trpc.interaction.activitySettings.pathFilter());
        notifications.show({ color: 'teal', message: text.saved });
      },
      onError: errors.onError,
    }),
  );
  const changed =
    values.required !== saved.required ||
    values.minChars !== saved.minChars ||
    values.maxChars !== saved.maxChars;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!errors.submit() || !parsed.success) return;
        save.mutate(parsed.data);
      }}
    >
      <Stack gap="sm" maw={480}>
        <Checkbox
          label={t.commentRequired}
          checked={values.required}
          onChange={(event) => setValues({ ...values, required: event.currentTarget.checked })}
        />
        <Group grow align="flex-start">
          <NumberInput
            label={t.minChars}
            min={0}
            max={VISIT_COMMENT_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={values.minChars}
            onChange={(minChars) => {
              setValues({ ...values, minChars });
              errors.clear('minChars');
            }}
            error={errors.errorOf('minChars')}
          />
          <NumberInput
            label={t.maxChars}
            min={1}
            max={VISIT_COMMENT_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={values.maxChars}
            onChange={(maxChars) => {
              setValues({ ...values, maxChars });
              errors.clear('maxChars');
            }}
            error={errors.errorOf('maxChars')}
          />
        </Group>
        {errors.message && (
          <Alert color="red" variant="light" role="alert">
            {errors.message}
          </Alert>
        )}
        <FormActions
          cancelLabel={text.cancel}
          onCancel={() => setValues(saved)}
          cancelDisabled={!changed || save.isPending}
          submitLabel={text.save}
          disabled={!changed}
          loading={save.isPending}
        />
      </Stack>
    </form>
  );
}
