import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Grid,
  Group,
  Menu,
  Modal,
  MultiSelect,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import {
  allStatuses,
  REQUEST_FIELD_TYPES,
  type RequestFieldType,
  type StatusOption,
} from '@cartera/domain/request-sales';
import { ROLES, ROLE_LABELS, type Role } from '@cartera/domain/roles';
import { userMessageOf } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';
import { RequestForm, type RequestFormValue } from '../form/request-form';
import { useRequestViewer } from '../request-viewer';
import { FieldEditor } from './field-editor';
import { AddRow, RemoveRow } from './row-buttons';
import {
  draftErrors,
  draftOf,
  emptyDraft,
  LINE_CODE_FIELD,
  move,
  newField,
  previewBody,
  type TemplateDraft,
} from './template-draft';
import type { StoredTemplate } from './stored-template';

const texts = es.requestSalesOffice.editor;
const typeLabels = es.requestSalesOffice.fieldTypes;
const NO_VIEWER = { id: '', roles: [] };

/**
 * The request template editor (issue #15 item 3; the specification shows templates, not their
 * editor: docs/decisions.md "Back office and template editor"). Left, the template: title,
 * roles, default, its fields with their rules, the 'Prepagos' line items, the statuses and who
 * may change them, checked by ZRequestTemplateInput as the admin types (its Spanish texts by
 * field once a save was tried). Right, a live preview: the request form drawn by the same
 * renderer the sellers use, for the admin to type into and watch fields appear and disappear
 * with the rules. Leaving with unsaved changes asks the specification's question.
 */
export function TemplateEditor({
  template,
  onClose,
}: {
  template: StoredTemplate | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const initial = useMemo(() => (template ? draftOf(template) : emptyDraft()), [template]);
  const [draft, setDraft] = useState<TemplateDraft>(initial);
  const [tried, setTried] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [preview, setPreview] = useState<RequestFormValue>({ content: {}, lines: [] });
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const errors = useMemo(() => draftErrors(draft), [draft]);
  const shownErrors = tried ? errors : {};
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  // A saved template closes the editor (no navigation), so nothing is left to block then.
  const blocker = useBlocker({
    shouldBlockFn: () => dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });

  const saved = (message: string) => {
    void queryClient.invalidateQueries(trpc.requestSale.pathFilter());
    notifications.show({ color: 'teal', message });
    onClose();
  };
  const create = useMutation(
    trpc.requestSale.createTemplate.mutationOptions({ onSuccess: () => saved(texts.created) }),
  );
  const update = useMutation(
    trpc.requestSale.updateTemplate.mutationOptions({ onSuccess: () => saved(texts.saved) }),
  );
  const failure = create.error ?? update.error;

  const save = () => {
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    if (template) update.mutate({ id: template.id, data: draft });
    else create.mutate(draft);
  };
  const leave = () => (dirty ? setLeaving(true) : onClose());
  const set = (patch: Partial<TemplateDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const statuses = allStatuses(draft);
  const statusData = statuses.map((option) => ({ value: option.status, label: option.title }));
  const body = useMemo(() => previewBody(draft.body), [draft.body]);
  const previewTemplate = useMemo(
    () => ({ body, lineBody: draft.lineBody, id: null }),
    [body, draft.lineBody],
  );
  const viewer = useRequestViewer() ?? NO_VIEWER;
  // Values of fields that no longer exist would only confuse the preview.
  const previewValue = useMemo(() => {
    const codes = new Set(body.map((field) => field.field));
    const content = Object.fromEntries(
      Object.entries(preview.content).filter(([code]) => codes.has(code)),
    );
    return { ...preview, content };
  }, [body, preview]);

  const addField = (type: RequestFieldType) => {
    const field = newField(type, draft.body);
    setOpened((current) => new Set(current).add(draft.body.length));
    set({ body: [...draft.body, field] });
  };

  return (
    <Stack gap="md" data-testid="template-editor">
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Button variant="subtle" onClick={leave}>
            ← {texts.back}
          </Button>
          <Title order={2} fz="h3">
            {template ? format(texts.editTitle, { title: template.title }) : texts.createTitle}
          </Title>
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={leave}>
            {texts.cancel}
          </Button>
          <Button onClick={save} loading={create.isPending || update.isPending}>
            {texts.save}
          </Button>
        </Group>
      </Group>
      {tried && Object.keys(errors).length > 0 && (
        <Alert color="red" variant="light" role="alert">
          {texts.invalid}
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {userMessageOf(failure)}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Title order={3} fz="md">
                  {texts.sections.general}
                </Title>
                <TextInput
                  label={texts.templateTitle}
                  value={draft.title}
                  onChange={(event) => set({ title: event.currentTarget.value })}
                  error={shownErrors.title}
                  maxLength={120}
                  withAsterisk
                />
                <MultiSelect
                  label={texts.roles}
                  description={texts.rolesHint}
                  data={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
                  value={draft.roles}
                  onChange={(next) => set({ roles: next as Role[] })}
                  clearable
                />
                <Checkbox
                  label={texts.isDefault}
                  checked={draft.isDefault}
                  onChange={(event) => set({ isDefault: event.currentTarget.checked })}
                />
              </Stack>
            </Paper>

            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={3} fz="md">
                    {texts.sections.fields}
                  </Title>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <Button size="xs">{texts.addField}</Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {REQUEST_FIELD_TYPES.map((type) => (
                        <Menu.Item key={type} onClick={() => addField(type)}>
                          {typeLabels[type]}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                </Group>
                {draft.body.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {texts.noFields}
                  </Text>
                )}
                {draft.body.map((field, index) => (
                  <FieldEditor
                    // Position keys: a field's code is edited in place.
                    key={`${index}-${draft.body.length}`}
                    field={field}
                    index={index}
                    count={draft.body.length}
                    body={draft.body}
                    errors={shownErrors}
                    initiallyOpen={opened.has(index)}
                    onChange={(next) =>
                      set({ body: draft.body.map((each, at) => (at === index ? next : each)) })
                    }
                    onMove={(by) => {
                      setOpened(new Set());
                      set({ body: move(draft.body, index, by) });
                    }}
                    onRemove={() => {
                      setOpened(new Set());
                      set({ body: draft.body.filter((_, at) => at !== index) });
                    }}
                  />
                ))}
              </Stack>
            </Paper>

            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Title order={3} fz="md">
                  {texts.sections.lines}
                </Title>
                <Switch
                  label={texts.lineItems}
                  description={texts.lineItemsHint}
                  checked={draft.lineBody.length > 0}
                  onChange={(event) =>
                    set({ lineBody: event.currentTarget.checked ? [LINE_CODE_FIELD] : [] })
                  }
                />
              </Stack>
            </Paper>

            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Title order={3} fz="md">
                  {texts.sections.statuses}
                </Title>
                <StatusOptionsEditor
                  options={draft.statusOptions}
                  errors={shownErrors}
                  onChange={(statusOptions) => set({ statusOptions })}
                />
                <MultiSelect
                  label={texts.allowedStates}
                  data={statusData}
                  value={draft.allowedModificationStates}
                  onChange={(allowedModificationStates) => set({ allowedModificationStates })}
                  clearable
                />
                <Switch
                  label={texts.allowAdvisors}
                  checked={draft.allowAdvisorsToChangeStatus}
                  onChange={(event) =>
                    set({ allowAdvisorsToChangeStatus: event.currentTarget.checked })
                  }
                />
                {draft.allowAdvisorsToChangeStatus && (
                  <MultiSelect
                    label={texts.advisorStates}
                    data={statusData}
                    value={draft.stateslistEnabledToChange.map((option) => option.status)}
                    onChange={(next) =>
                      set({
                        stateslistEnabledToChange: statuses.filter((option) =>
                          next.includes(option.status),
                        ),
                      })
                    }
                    clearable
                  />
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper
            withBorder
            radius="md"
            p="md"
            style={{ position: 'sticky', top: 16 }}
            data-testid="template-preview"
          >
            <Stack gap="sm">
              <Title order={3} fz="md">
                {texts.preview}
              </Title>
              <Text size="xs" c="dimmed">
                {texts.previewHint}
              </Text>
              {body.length === 0 && draft.lineBody.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {texts.previewEmpty}
                </Text>
              ) : (
                <RequestForm
                  template={previewTemplate}
                  value={previewValue}
                  onChange={setPreview}
                  viewer={viewer}
                  errorsVisibility="touched"
                />
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>

      <Modal
        opened={leaving || blocker.status === 'blocked'}
        onClose={() => {
          setLeaving(false);
          if (blocker.status === 'blocked') blocker.reset();
        }}
        title={texts.leave}
        size={425}
        centered
      >
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => {
              setLeaving(false);
              if (blocker.status === 'blocked') blocker.reset();
            }}
          >
            {texts.stay}
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (blocker.status === 'blocked') blocker.proceed();
              else {
                setLeaving(false);
                onClose();
              }
            }}
          >
            {texts.leaveConfirm}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** The template's own statuses: a known code renamed, or a new code with its name. */
function StatusOptionsEditor({
  options,
  errors,
  onChange,
}: {
  options: StatusOption[];
  errors: Record<string, string>;
  onChange: (options: StatusOption[]) => void;
}) {
  const set = (index: number, patch: Partial<StatusOption>) =>
    onChange(options.map((option, each) => (each === index ? { ...option, ...patch } : option)));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {texts.statusOptions}
      </Text>
      <Text size="xs" c="dimmed">
        {texts.statusOptionsHint}
      </Text>
      {options.map((option, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={texts.statusCode}
            placeholder={texts.statusCode}
            value={option.status}
            onChange={(event) => set(index, { status: event.currentTarget.value })}
            error={errors[`statusOptions.${index}.status`]}
            w={160}
          />
          <TextInput
            aria-label={texts.statusTitle}
            placeholder={texts.statusTitle}
            value={option.title}
            onChange={(event) => set(index, { title: event.currentTarget.value })}
            error={errors[`statusOptions.${index}.title`]}
            style={{ flex: 1 }}
          />
          <RemoveRow
            label={format(texts.removeStatus, { status: option.status || option.title })}
            onClick={() => onChange(options.filter((_, each) => each !== index))}
          />
        </Group>
      ))}
      <AddRow
        label={texts.addStatus}
        onClick={() => onChange([...options, { status: '', title: '' }])}
      />
    </Stack>
  );
}
