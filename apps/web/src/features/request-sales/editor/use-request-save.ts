import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  initialContent,
  validateRequest,
  type RequestPermissions,
  type RequestViewer,
  type SaveMode,
} from '@cartera/domain/request-sales';
import { es } from '@cartera/domain/i18n';
import { can } from '@cartera/domain/policy';
import type { RouterOutputs } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { userMessageOf } from '../../../lib/errors';
import { randomUuid } from '../../../lib/random-id';
import type { ErrorsVisibility, RequestFormValue } from '../form/request-form';
import { linesToSend } from '../form/field-format';
import { EMPTY_NEW_CLIENT, newClientErrors, type NewClientValue } from '../new-client-card';

const t = es.requestSales;

type Template = RouterOutputs['requestSale']['template'];
type Request = RouterOutputs['requestSale']['get'];

/**
 * The request editor's values and how they are saved (02 §2 screen 10): the form's content and
 * lines, the seller and status of the configuration card, the client made first when there is
 * no contact ('Datos del cliente'); saving as draft or sending checks them with the domain's
 * `validateRequest` (the back office may send with required fields missing once confirmed) and
 * places the server's errors under their fields.
 */
export function useRequestSave({
  template,
  request,
  contactId,
  viewer,
  permissions,
  onDirty,
  onSaved,
}: {
  template: Template;
  request: Request | null;
  contactId: string | null;
  viewer: RequestViewer;
  permissions: RequestPermissions;
  onDirty: (dirty: boolean) => void;
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<RequestFormValue>(() => ({
    content: request ? request.content : initialContent(template.body),
    lines: request ? request.lines : [],
  }));
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
  // A visible contact that already has the client's phone, chosen instead of a new client.
  const [existingClientId, setExistingClientId] = useState<string | null>(null);
  const needsClient = !request && !contactId;
  const commercial = can(viewer, 'backOffice');

  const invalidate = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.requestSale.pathKey() });
  };

  const create = useMutation(trpc.requestSale.create.mutationOptions());
  const update = useMutation(trpc.requestSale.update.mutationOptions());
  const changeStatus = useMutation(trpc.requestSale.changeStatus.mutationOptions());
  const createClient = useMutation(trpc.requestSale.createClient.mutationOptions());
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
    const clientInvalid =
      needsClient && !madeContactId && !existingClientId ? newClientErrors(client) : null;
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
        let target = contactId ?? madeContactId ?? existingClientId;
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

  /** A new request keeps the status for its save; a stored one changes it at once. */
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

  return {
    value,
    change,
    errorsVisibility,
    mode,
    serverErrors,
    alert,
    confirmMissing,
    setConfirmMissing,
    sellerId,
    setSellerId,
    newStatus,
    applyStatus,
    changingStatus: changeStatus.isPending,
    needsClient,
    client,
    setClient,
    clientErrors,
    madeContactId,
    existingClientId,
    useExistingClient: (id: string | null) => {
      setExistingClientId(id);
      setClientErrors({});
      setAlert(null);
    },
    saving,
    save,
    invalidate,
  };
}
