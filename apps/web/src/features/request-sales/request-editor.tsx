import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Modal, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isSent, requestPermissions, type RequestViewer } from '@cartera/domain/request-sales';
import { es } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { QueryError } from '../../ui/query-error';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { RequestForm } from './form/request-form';
import { RequestComments } from './request-comments';
import { NewClientCard } from './new-client-card';
import { useRequestViewer } from './request-viewer';
import { ConfigCard } from './editor/config-card';
import { EditorHeader } from './editor/editor-header';
import { useRequestSave } from './editor/use-request-save';

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
 * solicitud', and the question before leaving unsaved changes. Its parts are in `editor/`: the
 * head (editor-header), the configuration card (config-card) and the values and their saving
 * (use-request-save).
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
  const [editing, setEditing] = useState(!request);
  const [tab, setTab] = useState<string | null>('request');
  const permissions = useMemo(
    () => (request ? request.permissions : requestPermissions(template, null, viewer)),
    [request, template, viewer],
  );
  const flowUser = (viewer.flows?.length ?? 0) > 0;
  const form = useRequestSave({
    template,
    request,
    contactId,
    viewer,
    permissions,
    onDirty,
    onSaved,
  });
  const { mode, saving, save } = form;

  const readOnly = !editing || !permissions.interact;
  const sent = request ? isSent(request.statusType) : false;
  const showConfig =
    permissions.interact && (permissions.configCard || permissions.statuses.length > 0);

  return (
    <Stack gap="md" data-testid="request-editor">
      <EditorHeader
        template={template}
        request={request}
        permissions={permissions}
        editing={editing}
        onEdit={() => setEditing(true)}
        onClose={onClose}
        onDeleted={async () => {
          await form.invalidate();
          onSaved();
        }}
      />

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
              <ConfigCard
                request={request}
                permissions={permissions}
                flowUser={flowUser}
                readOnly={readOnly}
                sellerId={form.sellerId}
                onSeller={(next) => {
                  form.setSellerId(next);
                  onDirty(true);
                }}
                newStatus={form.newStatus}
                onStatus={(next) => void form.applyStatus(next)}
                changingStatus={form.changingStatus}
              />
            )}

            {form.needsClient && (
              <NewClientCard
                value={form.client}
                onChange={(next) => {
                  form.setClient(next);
                  onDirty(true);
                }}
                errors={form.clientErrors}
                disabled={!!form.madeContactId || saving}
                existingId={form.existingClientId}
                onUseExisting={form.useExistingClient}
              />
            )}

            <RequestForm
              template={template}
              value={form.value}
              onChange={form.change}
              viewer={viewer}
              readOnly={readOnly}
              errorsVisibility={form.errorsVisibility}
              mode={mode}
              serverErrors={form.serverErrors}
              previous={request?.content ?? null}
            />

            {/* Beside the buttons, so what refused the save is in view where it was asked. */}
            {form.alert && (
              <Alert color="red" variant="light" role="alert">
                {form.alert}
              </Alert>
            )}

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
        opened={form.confirmMissing}
        title={t.missingRequired}
        confirmLabel={t.continue}
        reversible
        onConfirm={() => {
          form.setConfirmMissing(false);
          void save('send', true);
        }}
        onClose={() => form.setConfirmMissing(false)}
      />
    </Stack>
  );
}
