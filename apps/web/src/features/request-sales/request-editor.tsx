import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  initialContent,
  isSent,
  requestPermissions,
  statusColour,
  statusTitle,
  validateRequest,
  type RequestViewer,
  type SaveMode,
} from '@cartera/domain/request-sales';
import { es, format } from '@cartera/domain/i18n';
import { can } from '@cartera/domain/policy';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { fieldErrorsOf } from '../../lib/field-errors';
import { userMessageOf } from '../../lib/errors';
import { randomUuid } from '../../lib/random-id';
import { QueryError } from '../../ui/query-error';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { fullNameOf } from '../auth/session';
import { SellerSelect } from '../pickers/seller-select';
import { RequestForm, type ErrorsVisibility, type RequestFormValue } from './form/request-form';
import { RequestComments } from './request-comments';
import { linesToSend } from './form/field-format';
import {
  EMPTY_NEW_CLIENT,
  NewClientCard,
  newClientErrors,
  type NewClientValue,
} from './new-client-card';
import { ShareMenu } from './share-menu';
import { useRequestViewer } from './request-viewer';

const t = es.requestSales;

type Template = RouterOutputs['requestSale']['template'];
type Request = RouterOutputs['requestSale']['get'];

/** What the editor opens: a stored request, or a new one of a template on a contact. */
export type EditorTarget = { requestId: string } | { templateId: string };

/**
 * 02 §2 screen 10, the request editor: a modal of 80 % of the window with the tabs 'Solicitud'
 * and 'Comentarios'. Creating: 'Crear {title}'; a stored request opens read-only as 'Modificar
 * {title}' with 'Editar' when `requestPermissions` allow it. Saving as draft or sending, the
 * configuration card (seller, status), the audit banner and the roles warning, 'Compartir
 * solicitud', and the question before leaving unsaved changes.
 */
export function RequestEditor({
  target,
  contactId,
  onClose,
}: {
  target: EditorTarget | null;
  contactId: string | null;
  onClose: () => void;
}) {
  const viewer = useRequestViewer();
  const [dirty, setDirty] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const close = () => {
    setLeaving(false);
    setDirty(false);
    onClose();
  };
  const askClose = () => (dirty ? setLeaving(true) : close());
  const key = target ? ('requestId' in target ? target.requestId : target.templateId) : 'none';

  return (
    <>
      <Modal
        opened={target !== null}
        onClose={askClose}
        size="80%"
        title={null}
        withCloseButton={false}
        closeOnEscape={!leaving}
        styles={{ content: { minHeight: '80vh' } }}
      >
        {target && !viewer && (
          <Center mih={300}>
            <Loader />
          </Center>
        )}
        {target && viewer && (
          <EditorBody
            key={key}
            target={target}
            contactId={contactId}
            viewer={viewer}
            onDirty={setDirty}
            onClose={askClose}
            onSaved={close}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={leaving}
        title={t.leaveQuestion}
        confirmLabel={t.leave}
        reversible
        onConfirm={close}
        onClose={() => setLeaving(false)}
      />
    </>
  );
}

function EditorBody({
  target,
  contactId,
  viewer,
  onDirty,
  onClose,
  onSaved,
}: {
  target: EditorTarget;
  contactId: string | null;
  viewer: RequestViewer;
  onDirty: (dirty: boolean) => void;
  onClose: () => void;
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const requestId = 'requestId' in target ? target.requestId : null;
  const request = useQuery(
    trpc.requestSale.get.queryOptions({ id: requestId ?? '' }, { enabled: !!requestId }),
  );
  const templateId = 'templateId' in target ? target.templateId : request.data?.templateId;
  const template = useQuery(
    trpc.requestSale.template.queryOptions({ id: templateId ?? '' }, { enabled: !!templateId }),
  );
  const failure = request.error ?? template.error;
  if (failure) return <QueryError error={failure} onRetry={() => void request.refetch()} />;
  if (!template.data || (requestId && !request.data))
    return (
      <Center mih={300}>
        <Loader />
      </Center>
    );
  return (
    <Editor
      template={template.data}
      request={request.data ?? null}
      contactId={contactId}
      viewer={viewer}
      onDirty={onDirty}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function Editor({
  template,
  request,
  contactId,
  viewer,
  onDirty,
  onClose,
  onSaved,
}: {
  template: Template;
  request: Request | null;
  contactId: string | null;
  viewer: RequestViewer;
  onDirty: (dirty: boolean) => void;
  onClose: () => void;
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<RequestFormValue>(() => ({
    content: request ? request.content : initialContent(template.body),
    lines: request ? request.lines : [],
  }));
  const [editing, setEditing] = useState(!request);
  const [tab, setTab] = useState<string | null>('request');
  const [errorsVisibility, setErrorsVisibility] = useState<ErrorsVisibility>('touched');
  const [mode, setMode] = useState<SaveMode>('draft');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [confirmMissing, setConfirmMissing] = useState(false);
  const [sellerId, setSellerId] = useState<string | null>(request?.seller?.id ?? null);
  const [newStatus, setNewStatus] = useState<string | null>(null);
  // The client-made id of a new request: a retried save stores nothing twice.
  const [newId] = useState(randomUuid);
  // A request made without a contact creates its client first ('Datos del cliente').
  const [client, setClient] = useState<NewClientValue>(EMPTY_NEW_CLIENT);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [madeContactId, setMadeContactId] = useState<string | null>(null);
  const needsClient = !request && !contactId;

  const permissions = useMemo(
    () => (request ? request.permissions : requestPermissions(template, null, viewer)),
    [request, template, viewer],
  );
  const commercial = can(viewer, 'backOffice');
  const flowUser = (viewer.flows?.length ?? 0) > 0;
  const sellers = useQuery(
    trpc.requestSale.sellers.queryOptions(undefined, { enabled: permissions.pickSeller }),
  );

  const invalidate = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.requestSale.pathKey() });
  };

  const create = useMutation(trpc.requestSale.create.mutationOptions());
  const update = useMutation(trpc.requestSale.update.mutationOptions());
  const changeStatus = useMutation(trpc.requestSale.changeStatus.mutationOptions());
  const createClient = useMutation(trpc.requestSale.createClient.mutationOptions());
  const remove = useMutation(trpc.requestSale.delete.mutationOptions());
  const [deleting, setDeleting] = useState(false);
  const saving = create.isPending || update.isPending || createClient.isPending;

  const change = (next: RequestFormValue) => {
    setValue(next);
    setServerErrors({});
    onDirty(true);
  };

  const lines = linesToSend(value.lines);

  const save = async (saveMode: SaveMode, confirmed = false) => {
    setAlert(null);
    setMode(saveMode);
    const verdict = validateRequest(template, { ...value, lines }, viewer, saveMode);
    const clientInvalid = needsClient && !madeContactId ? newClientErrors(client) : null;
    setClientErrors(clientInvalid ?? {});
    if (clientInvalid) {
      setErrorsVisibility('all');
      return;
    }
    const missingOnly =
      !verdict.ok &&
      Object.keys(verdict.fieldErrors).every((code) => verdict.missingRequired.includes(code)) &&
      Object.keys(verdict.lineErrors).length === 0;
    if (!verdict.ok && !(commercial && confirmed && missingOnly)) {
      if (commercial && saveMode === 'send' && missingOnly && !verdict.linesError) {
        setConfirmMissing(true);
        return;
      }
      setErrorsVisibility('all');
      return;
    }
    const common = {
      mode: saveMode,
      content: value.content,
      lines,
      sellerId: permissions.pickSeller ? sellerId : undefined,
      statusType: commercial && !request && newStatus ? newStatus : undefined,
      confirmMissing: confirmed,
    };
    try {
      if (request) await update.mutateAsync({ id: request.id, ...common });
      else {
        let target = contactId ?? madeContactId;
        if (!target) {
          try {
            const made = await createClient.mutateAsync({
              firstName: client.firstName,
              lastName: client.lastName,
              phones: [client.phone],
              detail: client.detail,
            });
            target = made.id;
            // A retry of the request does not make the client twice.
            setMadeContactId(made.id);
          } catch (error) {
            const placed: Record<string, string> = {};
            for (const [path, messages] of Object.entries(fieldErrorsOf(error))) {
              const key = path.startsWith('phones') ? 'phone' : path.split('.')[0]!;
              if (messages[0]) placed[key] ??= messages[0];
            }
            setClientErrors(placed);
            throw error;
          }
        }
        await create.mutateAsync({
          id: newId,
          contactId: target,
          templateId: template.id,
          ...common,
        });
      }
      await invalidate();
      notifications.show({ color: 'teal', message: saveMode === 'send' ? t.sentDone : t.saved });
      onDirty(false);
      onSaved();
    } catch (error) {
      const placed: Record<string, string> = {};
      for (const [path, messages] of Object.entries(fieldErrorsOf(error))) {
        const code = path.startsWith('content.') ? path.slice('content.'.length) : null;
        if (code && messages[0]) placed[code] = messages[0];
      }
      setServerErrors(placed);
      setErrorsVisibility('all');
      setAlert(userMessageOf(error));
    }
  };

  const applyStatus = async (statusType: string | null) => {
    if (!statusType) return;
    if (!request) {
      setNewStatus(statusType);
      return;
    }
    try {
      await changeStatus.mutateAsync({ id: request.id, statusType });
      await invalidate();
      notifications.show({ color: 'teal', title: t.statusChangedTitle, message: t.statusChanged });
    } catch {
      notifications.show({ color: 'red', title: t.statusFailedTitle, message: t.statusFailed });
    }
  };

  const title = template.title || t.defaultWord;
  const heading = format(request ? t.modify : t.create, { title });
  const readOnly = !editing || !permissions.interact;
  const sent = request ? isSent(request.statusType) : false;
  const statusOptions = permissions.statuses;
  const showConfig = permissions.interact && (permissions.configCard || statusOptions.length > 0);

  return (
    <Stack gap="md" data-testid="request-editor">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2} fz="h3">
            {heading}
          </Title>
          {request && (
            <Group gap="xs">
              <Badge color={statusColour(request.statusType)} variant="light" tt="none">
                {statusTitle(request.statusType, template.statusOptions)}
              </Badge>
              <Text size="xs" c="dimmed">
                {format(t.createdBy, { name: fullNameOf(request.creator) })}
              </Text>
            </Group>
          )}
        </Stack>
        <Group gap="xs">
          {request && permissions.share && <ShareMenu request={request} />}
          {request?.permissions.delete && (
            <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
              {t.deleteRequest}
            </Button>
          )}
          {request && !editing && permissions.edit && (
            <Button variant="default" onClick={() => setEditing(true)}>
              {t.edit}
            </Button>
          )}
          <Button variant="subtle" color="gray" onClick={onClose}>
            {t.close}
          </Button>
        </Group>
      </Group>

      {!permissions.interact && (
        <Alert color="orange" variant="light" role="alert">
          {t.rolesWarning}
        </Alert>
      )}
      {request?.auditor && (
        <Alert color="blue" variant="light">
          {t.auditBanner}
        </Alert>
      )}

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="request">{t.tabRequest}</Tabs.Tab>
          <Tabs.Tab
            value="comments"
            disabled={!request}
            rightSection={
              request ? (
                <Group gap={4}>
                  <Badge size="sm" variant="light" color="gray" data-testid="comments-count">
                    {request.commentCount}
                  </Badge>
                  {request.unseenCount > 0 && (
                    <Badge size="sm" color="red" data-testid="unseen-badge">
                      {request.unseenCount}
                    </Badge>
                  )}
                </Group>
              ) : null
            }
          >
            {t.tabComments}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="request" pt="md">
          <Stack gap="md">
            {showConfig && (
              <Paper withBorder radius="md" p="sm">
                <Stack gap="sm">
                  <Title order={3} fz="md">
                    {t.configCard}
                  </Title>
                  <Group grow align="flex-start">
                    {permissions.configCard && (
                      <SellerSelect
                        label={t.seller}
                        placeholder={t.sellerPlaceholder}
                        disabled={!permissions.pickSeller || readOnly}
                        sellers={sellers.data}
                        value={sellerId}
                        onChange={(next) => {
                          setSellerId(next);
                          onDirty(true);
                        }}
                        clearable
                      />
                    )}
                    {(statusOptions.length > 0 || (permissions.configCard && flowUser)) && (
                      // A flow user sees the status but may not change it (02 §6).
                      <Select
                        label={t.status}
                        placeholder={t.statusPlaceholder}
                        data={
                          statusOptions.length > 0
                            ? statusOptions.map((option) => ({
                                value: option.status,
                                label: option.title,
                              }))
                            : request
                              ? [{ value: request.statusType, label: request.status }]
                              : []
                        }
                        value={request ? request.statusType : newStatus}
                        disabled={changeStatus.isPending || statusOptions.length === 0}
                        onChange={(next) => void applyStatus(next)}
                        allowDeselect={false}
                      />
                    )}
                  </Group>
                </Stack>
              </Paper>
            )}

            {needsClient && (
              <NewClientCard
                value={client}
                onChange={(next) => {
                  setClient(next);
                  onDirty(true);
                }}
                errors={clientErrors}
                disabled={!!madeContactId || saving}
              />
            )}

            {alert && (
              <Alert color="red" variant="light" role="alert">
                {alert}
              </Alert>
            )}

            <RequestForm
              template={template}
              value={value}
              onChange={change}
              viewer={viewer}
              readOnly={readOnly}
              errorsVisibility={errorsVisibility}
              mode={mode}
              serverErrors={serverErrors}
              previous={request?.content ?? null}
            />

            {permissions.interact && editing && (
              <Group justify="flex-end" gap="sm">
                {sent ? (
                  <>
                    <Button variant="default" loading={saving} onClick={() => void save('send')}>
                      {es.fields.save}
                    </Button>
                    <Button disabled>{t.sent}</Button>
                  </>
                ) : (
                  <>
                    <Button
                      variant="default"
                      loading={saving && mode === 'draft'}
                      disabled={saving}
                      onClick={() => void save('draft')}
                    >
                      {t.saveDraft}
                    </Button>
                    <Button
                      loading={saving && mode === 'send'}
                      disabled={saving}
                      onClick={() => void save('send')}
                    >
                      {t.send}
                    </Button>
                  </>
                )}
              </Group>
            )}
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="comments" pt="md">
          {request && <RequestComments request={request} />}
        </Tabs.Panel>
      </Tabs>

      <ConfirmDialog
        opened={deleting}
        title={t.deleteRequestQuestion}
        loading={remove.isPending}
        error={remove.error ? userMessageOf(remove.error) : null}
        onConfirm={() =>
          void remove
            .mutateAsync({ id: request!.id })
            .then(async () => {
              setDeleting(false);
              await invalidate();
              onSaved();
            })
            .catch(() => undefined)
        }
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
      />
      <ConfirmDialog
        opened={confirmMissing}
        title={t.missingRequired}
        confirmLabel={t.continue}
        reversible
        onConfirm={() => {
          setConfirmMissing(false);
          void save('send', true);
        }}
        onClose={() => setConfirmMissing(false)}
      />
    </Stack>
  );
}
