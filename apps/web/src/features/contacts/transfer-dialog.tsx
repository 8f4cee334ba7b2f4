import { useState } from 'react';
import {
  Alert,
  Button,
  Modal,
  Progress,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { domainCodeOf, userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useMe } from '../auth/session';
import { transferFailureLines } from './contact-format';
import { FormActions } from '../../ui/form-actions';

/** 02 §2 screen 6: the note of a transfer or the description of a sub-conversation. */
const NOTE_MAX = 2500;

/** A contact the dialog acts on. */
export interface TransferTarget {
  id: string;
  name: string;
  /** Its current agent: transferring one contact to them is pointless. */
  agentId: string | null;
}

type Mode = 'transfer' | 'subConversation';

interface Failure {
  title: string;
  lines: string[];
}

/**
 * 'Transferir contacto(s)' (02 §2 screen 6, §4, §5): an agent of the user's team, a note and
 * 'Mantener recordatorio y motivo de archivo'; one call per contact, with a progress bar for
 * several. In mode 'subConversation' the same form is 'Crear Subconversación' (agent and
 * description, one sub-conversation per contact). After a failure the button reads 'Reintentar'
 * and retries only the contacts that failed.
 */
export function TransferDialog({
  opened,
  onClose,
  mode = 'transfer',
  contacts,
  onDone,
  onRunningChange,
}: {
  opened: boolean;
  onClose: () => void;
  mode?: Mode;
  contacts: TransferTarget[];
  /**
   * After every contact went through, with the ids handled (transferred, or the contacts that got
   * a sub-conversation). Cached contacts are refreshed once it settles.
   */
  onDone?: (ids: string[]) => void | Promise<void>;
  /** Told when a transfer starts and when it ends (the contact page pauses its live updates). */
  onRunningChange?: (running: boolean) => void;
}) {
  const [busy, setBusy] = useState(false);
  const title = mode === 'transfer' ? es.contacts.transferTitle : es.contacts.subConversationTitle;
  return (
    <Modal
      opened={opened}
      onClose={() => {
        // Closing mid-way would hide which contacts went through.
        if (!busy) onClose();
      }}
      title={title}
      size={480}
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      {opened && (
        <TransferForm
          mode={mode}
          contacts={contacts}
          onBusyChange={setBusy}
          onClose={onClose}
          onDone={onDone}
          onRunningChange={onRunningChange}
        />
      )}
    </Modal>
  );
}

function TransferForm({
  mode,
  contacts,
  onBusyChange,
  onClose,
  onDone,
  onRunningChange,
}: {
  mode: Mode;
  contacts: TransferTarget[];
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
  onDone?: (ids: string[]) => void | Promise<void>;
  onRunningChange?: (running: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useMe();
  const agents = useQuery(trpc.contact.transferAgents.queryOptions());
  const transfer = useMutation(trpc.contact.transfer.mutationOptions());
  const createSub = useMutation(trpc.contact.createSubConversation.mutationOptions());

  // A sub-conversation is the user's own unless they pick someone else.
  const defaultAgent =
    mode === 'subConversation' && me && agents.data?.some((agent) => agent.id === me.user.id)
      ? me.user.id
      : null;
  const [picked, setPicked] = useState<{ id: string | null } | null>(null);
  const agentId = picked ? picked.id : defaultAgent;
  const [touched, setTouched] = useState(false);
  const [note, setNote] = useState('');
  const [keep, setKeep] = useState(false);
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle');
  const [pending, setPending] = useState<TransferTarget[]>(contacts);
  const [handled, setHandled] = useState<string[]>([]);
  const [progress, setProgress] = useState({ done: 0, total: contacts.length });
  const [failure, setFailure] = useState<Failure | null>(null);

  const single = contacts.length === 1 ? contacts[0] : undefined;
  // Choosing yourself stays possible: the server answers ERROR_YOURSELF_TRANSFER, the clearer
  // message (docs/decisions.md). The contact's own (other) agent is refused here.
  const alreadyTheirs =
    mode === 'transfer' &&
    single !== undefined &&
    agentId !== null &&
    single.agentId === agentId &&
    agentId !== me?.user.id;
  const loading = status === 'loading';

  const run = async () => {
    if (!agentId || alreadyTheirs) return;
    setStatus('loading');
    onBusyChange(true);
    onRunningChange?.(true);
    setFailure(null);
    const queue = pending;
    const failed: Array<{ contact: TransferTarget; error: unknown }> = [];
    const succeeded: string[] = [];
    setProgress({ done: 0, total: queue.length });
    for (const [index, contact] of queue.entries()) {
      try {
        if (mode === 'transfer') {
          await transfer.mutateAsync({
            contactId: contact.id,
            agentId,
            note: note.trim(),
            keepReminderAndArchivingReason: keep,
          });
        } else {
          await createSub.mutateAsync({
            contactId: contact.id,
            description: note.trim(),
            agentId,
          });
        }
        succeeded.push(contact.id);
      } catch (error) {
        failed.push({ contact, error });
      }
      setProgress({ done: index + 1, total: queue.length });
    }
    onBusyChange(false);
    const allHandled = [...handled, ...succeeded];
    setHandled(allHandled);
    if (succeeded.length > 0 && failed.length > 0) {
      void queryClient.invalidateQueries(trpc.contact.pathFilter());
    }
    const first = failed[0];
    if (first) {
      setPending(failed.map((each) => each.contact));
      setFailure(describeFailure(mode, first.error, failed.length, queue.length));
      setStatus('error');
      onRunningChange?.(false);
      return;
    }
    notifications.show({
      color: 'teal',
      message: mode === 'transfer' ? es.contacts.transferDone : es.contacts.subConversationCreated,
    });
    onClose();
    // The caller may leave the page first (a seller no longer sees a contact they handed over).
    await onDone?.(allHandled);
    onRunningChange?.(false);
    void queryClient.invalidateQueries(trpc.contact.pathFilter());
  };

  const agentError = touched && !agentId ? es.contacts.transferAgentRequired : undefined;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void run();
      }}
    >
      <Stack gap="md">
        {contacts.length > 1 && (
          <Text size="sm" c="dimmed">
            {format(es.contacts.selected, { n: contacts.length })}
          </Text>
        )}
        {agents.isPending ? (
          <Skeleton height={58} />
        ) : agents.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{userMessageOf(agents.error)}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => void agents.refetch()}>
                {es.app.retry}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Select
            label={
              mode === 'transfer' ? es.contacts.transferAgent : es.contacts.subConversationAgent
            }
            placeholder={es.contacts.transferAgentPlaceholder}
            data={agents.data.map((agent) => ({
              value: agent.id,
              label: `${agent.name} ${agent.lastname}`.trim(),
            }))}
            renderOption={({ option }) => {
              const agent = agents.data.find((each) => each.id === option.value);
              return (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  {agent && (
                    <Text size="xs" c="dimmed">
                      {[agent.groupName, agent.email].filter(Boolean).join(' · ')}
                    </Text>
                  )}
                </Stack>
              );
            }}
            value={agentId}
            onChange={(next) => setPicked({ id: next })}
            onBlur={() => setTouched(true)}
            searchable
            clearable
            withAsterisk
            // 03 §8 names the conversation screen's empty agent search; 02 §8 the transfer's.
            nothingFoundMessage={
              mode === 'subConversation' ? es.contactEditor.noAgent : es.contacts.noAgents
            }
            error={agentError ?? (alreadyTheirs ? es.contacts.transferAgentIsOwner : undefined)}
            disabled={loading}
            comboboxProps={{ withinPortal: true }}
            maxDropdownHeight={260}
            data-autofocus
          />
        )}
        <Textarea
          label={
            mode === 'transfer' ? es.contacts.transferNote : es.contacts.subConversationDescription
          }
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={NOTE_MAX}
          autosize
          minRows={3}
          maxRows={8}
          disabled={loading}
        />
        {mode === 'transfer' && (
          <Switch
            label={es.contacts.transferKeep}
            checked={keep}
            onChange={(event) => setKeep(event.currentTarget.checked)}
            disabled={loading}
          />
        )}
        {loading && progress.total > 1 && (
          <Stack gap={4}>
            <Progress
              value={(progress.done / progress.total) * 100}
              aria-label={format(es.contacts.transferProgress, progress)}
              animated
            />
            <Text size="xs" c="dimmed" role="status">
              {format(es.contacts.transferProgress, progress)}
            </Text>
          </Stack>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert" title={failure.title}>
            <Stack gap={2}>
              {failure.lines.map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        <FormActions
          cancelLabel={es.contacts.cancel}
          onCancel={onClose}
          submitLabel={
            status === 'error'
              ? es.contacts.retry
              : mode === 'transfer'
                ? es.contacts.transferSubmit
                : es.contacts.subConversationCreate
          }
          loading={loading}
          disabled={!agentId || alreadyTheirs}
          cancelDisabled={loading}
        />
      </Stack>
    </form>
  );
}

function describeFailure(mode: Mode, error: unknown, failed: number, total: number): Failure {
  const partial =
    total > 1 ? [format(es.contacts.transferPartial, { failed, total })] : ([] as string[]);
  if (mode === 'transfer') {
    return {
      title: es.contacts.transferFailedTitle,
      lines: [...transferFailureLines(domainCodeOf(error), userMessageOf(error)), ...partial],
    };
  }
  const message = userMessageOf(error);
  return {
    title: es.contacts.subConversationFailed,
    lines: [...(message === es.contacts.subConversationFailed ? [] : [message]), ...partial],
  };
}
