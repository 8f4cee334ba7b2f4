import { useState } from 'react';
import { Alert, MultiSelect, Skeleton, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MANUAL_SALE_ROLES,
  SUB_CONVERSATION_ROLES,
  type CrmConfig,
} from '@cartera/domain/conversation-config';
import { es } from '@cartera/domain/i18n';
import { ROLE_LABELS, ROLES, type Role } from '@cartera/domain/roles';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { FormActions } from '../../ui/form-actions';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';

const text = es.company;
const t = text.conversationRules;

const roleLabel = (value: string) =>
  value === 'all' ? t.all : value === 'owner' ? t.owner : (ROLE_LABELS[value as Role] ?? value);
const optionsOf = (values: readonly string[]) =>
  values.map((value) => ({ value, label: roleLabel(value) }));

/**
 * 'Conversación' (03 §2.2, §3 crmConfig): who sees the 'Feedback' tab, whether 'Venta Manual' is
 * limited to roles and to which, whether meetings are on, and who may create sub-conversations.
 * The conversation follows what is saved from its next read.
 */
export function ConversationRulesEditor() {
  const trpc = useTRPC();
  const rules = useQuery(trpc.catalog.conversationRules.queryOptions());
  const crm = useQuery(trpc.catalog.crmConfig.queryOptions());
  const failed = rules.isError && !rules.data ? rules : crm.isError && !crm.data ? crm : null;
  return (
    <Panel titleId="company-conversation-rules" title={t.title}>
      {failed ? (
        <QueryError query={failed} maw={560} />
      ) : rules.data && crm.data ? (
        <RulesForm
          key={JSON.stringify([rules.data.feedbackRoles, crm.data])}
          feedbackRoles={rules.data.feedbackRoles}
          crm={crm.data}
        />
      ) : (
        <Skeleton height={120} radius="sm" maw={560} />
      )}
    </Panel>
  );
}

function RulesForm({ feedbackRoles, crm }: { feedbackRoles: string[]; crm: CrmConfig }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = { feedbackRoles, ...crm };
  const [values, setValues] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const saveFeedback = useMutation(trpc.catalog.saveFeedbackRoles.mutationOptions());
  const saveCrm = useMutation(trpc.catalog.saveCrmConfig.mutationOptions());
  const saving = saveFeedback.isPending || saveCrm.isPending;
  const feedbackChanged = JSON.stringify(values.feedbackRoles) !== JSON.stringify(feedbackRoles);
  const crmChanged =
    JSON.stringify({
      manualSales: values.manualSales,
      enableMeetings: values.enableMeetings,
      canRolesCreateSubConversations: values.canRolesCreateSubConversations,
    }) !== JSON.stringify(crm);
  const changed = feedbackChanged || crmChanged;

  async function submit() {
    setError(null);
    try {
      await Promise.all([
        feedbackChanged
          ? saveFeedback.mutateAsync({ roles: values.feedbackRoles as Role[] })
          : null,
        crmChanged
          ? saveCrm.mutateAsync({
              manualSales: {
                active: values.manualSales.active,
                roles: values.manualSales.roles as (typeof MANUAL_SALE_ROLES)[number][],
              },
              enableMeetings: values.enableMeetings,
              canRolesCreateSubConversations:
                values.canRolesCreateSubConversations as (typeof SUB_CONVERSATION_ROLES)[number][],
            })
          : null,
      ]);
      notifications.show({ color: 'teal', message: text.saved });
    } catch (failure) {
      setError(userMessageOf(failure));
    } finally {
      void queryClient.invalidateQueries(trpc.catalog.conversationRules.pathFilter());
      void queryClient.invalidateQueries(trpc.catalog.crmConfig.pathFilter());
      // What the conversation reads of them: 'Feedback', 'Venta Manual', sub-conversations.
      void queryClient.invalidateQueries(trpc.interaction.activitySettings.pathFilter());
      void queryClient.invalidateQueries(trpc.receipt.config.pathFilter());
      void queryClient.invalidateQueries(trpc.contact.get.pathFilter());
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md" maw={560}>
        <MultiSelect
          label={t.feedbackRoles}
          description={t.feedbackRolesHint}
          data={optionsOf(ROLES)}
          value={values.feedbackRoles}
          onChange={(roles) => setValues({ ...values, feedbackRoles: roles })}
          clearable
        />
        <Switch
          label={t.manualSales}
          description={t.manualSalesHint}
          checked={values.manualSales.active}
          onChange={(event) =>
            setValues({
              ...values,
              manualSales: { ...values.manualSales, active: event.currentTarget.checked },
            })
          }
        />
        {values.manualSales.active && (
          <MultiSelect
            label={t.manualSalesRoles}
            data={optionsOf(MANUAL_SALE_ROLES)}
            value={values.manualSales.roles}
            onChange={(roles) =>
              setValues({ ...values, manualSales: { ...values.manualSales, roles } })
            }
            clearable
          />
        )}
        <Switch
          label={t.enableMeetings}
          description={t.enableMeetingsHint}
          checked={values.enableMeetings}
          onChange={(event) =>
            setValues({ ...values, enableMeetings: event.currentTarget.checked })
          }
        />
        <MultiSelect
          label={t.subConversationRoles}
          description={t.subConversationRolesHint}
          data={optionsOf(SUB_CONVERSATION_ROLES)}
          value={values.canRolesCreateSubConversations}
          onChange={(roles) => setValues({ ...values, canRolesCreateSubConversations: roles })}
          clearable
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <FormActions
          cancelLabel={text.cancel}
          onCancel={() => {
            setValues(saved);
            setError(null);
          }}
          cancelDisabled={!changed || saving}
          submitLabel={text.save}
          disabled={!changed}
          loading={saving}
        />
      </Stack>
    </form>
  );
}
