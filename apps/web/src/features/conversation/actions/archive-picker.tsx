import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Radio,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { NextAction } from '@cartera/domain/conversation';
import { es, format } from '@cartera/domain/i18n';
import { statusColour } from '@cartera/domain/request-sales';
import { domainCodeOf, errorDetailsOf, userMessageOf } from '../../../lib/errors';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { useTRPC } from '../../../lib/trpc';
import { SearchIcon } from '../../../ui/icons';
import { QueryError } from '../../../ui/query-error';
import type { ContactDetail } from '../../contacts/contact-format';
import { newId } from '@cartera/domain/ids';
import { RequiredOnSaleForm } from './required-on-sale-form';
import { useRefreshContact } from './use-refresh-contact';
import { FormActions } from '../../../ui/form-actions';
import { useRequestSales } from '../../request-sales/request-sales-context';
import { useOptionalContactTimeline } from '../timeline-context';

const t = es.conversation.actions;

interface Failure {
  title?: string;
  message: string;
  /** closingRequestSale: the contact's active requests, each to modify or cancel first. */
  requests?: ActiveRequest[];
}

interface ActiveRequest {
  id: string;
  title: string;
  status: string;
  statusType: string;
}

/** The active requests a closingRequestSale refusal carries (03 §4). */
function activeRequestsOf(error: unknown): ActiveRequest[] {
  const list = errorDetailsOf(error)?.requestSales;
  return Array.isArray(list)
    ? list.filter(
        (item): item is ActiveRequest =>
          typeof item === 'object' &&
          item !== null &&
          typeof (item as ActiveRequest).id === 'string',
      )
    : [];
}

/** The fields a sale-type reason still needs (REQUIRED_ON_SALE_MISSING), by code. */
function missingFieldsOf(error: unknown): string[] {
  return Object.keys(fieldErrorsOf(error));
}

/** 'seguimiento' → 'Seguimiento': the title of a group of reasons. */
function groupTitle(code: string | null): string {
  if (!code) return t.archiveOtherGroup;
  const words = code.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Lower case without accents: how the search box compares names. */
function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The archive reason picker (03 §2.1, §4 Archiving, §5): a search box and the reasons the user
 * may pick grouped by their group, the current one marked 'Actual' and not selectable.
 * 'Archivar' stays disabled until a reason is picked. A sale-type reason whose contact lacks
 * required-on-sale fields asks for them ('Guardar y archivar') and then archives. Once archived,
 * `onArchived` gets the reason's next action.
 */
export function ArchivePicker({
  contact,
  opened,
  onClose,
  onArchived,
}: {
  contact: ContactDetail;
  opened: boolean;
  onClose: () => void;
  onArchived: (nextAction: NextAction) => void;
}) {
  const [missing, setMissing] = useState<{ reason: string; fields: string[] } | null>(null);
  const close = () => {
    setMissing(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={missing ? t.saveAndArchive : t.archiveTitle}
      size={missing ? 640 : 460}
      centered
    >
      {opened && (
        <ArchiveForm
          contact={contact}
          missing={missing}
          onMissing={setMissing}
          onClose={close}
          onArchived={(nextAction) => {
            setMissing(null);
            onArchived(nextAction);
          }}
        />
      )}
    </Modal>
  );
}

function ArchiveForm({
  contact,
  missing,
  onMissing,
  onClose,
  onArchived,
}: {
  contact: ContactDetail;
  missing: { reason: string; fields: string[] } | null;
  onMissing: (missing: { reason: string; fields: string[] } | null) => void;
  onClose: () => void;
  onArchived: (nextAction: NextAction) => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshContact(contact.id);
  const reasons = useQuery({
    ...trpc.interaction.archivingReasons.queryOptions({ contactId: contact.id }),
    staleTime: 0,
  });
  const archive = useMutation(trpc.interaction.archive.mutationOptions());
  const requestSales = useRequestSales();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  // Issue #33 item 4: a pending reminder or scheduled message is kept or cancelled, as asked.
  const timeline = useOptionalContactTimeline();
  const scheduled = (timeline?.items ?? []).filter(
    (item) => item.type === 'scheduled-message' && item.status === 'active',
  );
  const hasPending = contact.reminder !== null || scheduled.length > 0;
  const [pendingChoice, setPendingChoice] = useState<'keep' | 'cancel'>('keep');
  const cancelReminder = useMutation(trpc.interaction.cancelReminder.mutationOptions());
  const cancelScheduled = useMutation(trpc.channel.setScheduledStatus.mutationOptions());
  const cancelPending = async () => {
    if (contact.reminder) await cancelReminder.mutateAsync({ contactId: contact.id, id: newId() });
    for (const item of scheduled) {
      await cancelScheduled.mutateAsync({ contactId: contact.id, id: item.id, status: 'cancel' });
    }
  };

  const run = async (reason: string): Promise<void> => {
    setFailure(null);
    try {
      const { nextAction } = await archive.mutateAsync({
        contactId: contact.id,
        id: newId(),
        reason,
      });
      notifications.show({ color: 'teal', message: t.archiveDone });
      void refresh();
      onArchived(nextAction as NextAction);
    } catch (error) {
      const code = domainCodeOf(error);
      if (code === 'REQUIRED_ON_SALE_MISSING') {
        const fields = missingFieldsOf(error);
        if (fields.length) {
          onMissing({ reason, fields });
          return;
        }
      }
      // Back to the list (from 'Guardar y archivar' too), where the failure shows.
      onMissing(null);
      if (code === 'CONTACT_ALREADY_ARCHIVED') {
        setFailure({ title: es.conversation.archiveFailedTitle, message: userMessageOf(error) });
      } else if (code === 'closingRequestSale') {
        const requests = activeRequestsOf(error);
        setFailure({
          title:
            requests.length > 1
              ? format(es.requestSales.activeMany, { n: requests.length })
              : es.requestSales.activeOne,
          message: es.requestSales.activeHelp,
          requests,
        });
      } else if (code === 'ARCHIVING_REASON_NOT_FOUND') {
        setFailure({ message: userMessageOf(error) });
        void reasons.refetch();
      } else {
        setFailure({ message: es.conversation.archiveFailed });
      }
      throw error;
    }
  };

  if (missing) {
    return (
      <RequiredOnSaleForm
        contact={contact}
        fieldCodes={missing.fields}
        onCancel={() => onMissing(null)}
        onSaved={() => run(missing.reason)}
      />
    );
  }

  const query = searchable(search.trim());
  const shown = (reasons.data ?? []).filter(
    (reason) => !query || searchable(reason.name).includes(query),
  );
  const groups = new Map<string | null, typeof shown>();
  for (const reason of shown) {
    const list = groups.get(reason.groupCode) ?? [];
    list.push(reason);
    groups.set(reason.groupCode, list);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!picked) return;
        if (!hasPending || pendingChoice === 'keep') {
          void run(picked).catch(() => undefined);
          return;
        }
        void (async () => {
          try {
            await cancelPending();
          } catch (error) {
            // Not archived when a cancellation fails: what was cancelled stays so.
            setFailure({ message: userMessageOf(error) });
            return;
          }
          await run(picked).catch(() => undefined);
        })();
      }}
    >
      <Stack gap="md">
        <TextInput
          placeholder={t.archiveSearch}
          aria-label={t.archiveSearch}
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        {reasons.isPending ? (
          <Skeleton height={160} />
        ) : reasons.isError ? (
          <QueryError query={reasons} />
        ) : reasons.data.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {es.conversation.noReasons}
          </Text>
        ) : shown.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t.archiveNoResults}
          </Text>
        ) : (
          <Radio.Group value={picked} onChange={setPicked} aria-label={t.archiveTitle}>
            <ScrollArea.Autosize mah={340}>
              <Stack gap="sm">
                {[...groups.entries()].map(([groupCode, list]) => (
                  <Stack key={groupCode ?? ''} gap={6}>
                    <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                      {groupTitle(groupCode)}
                    </Text>
                    {list.map((reason) => (
                      <Group key={reason.code} gap="xs" wrap="nowrap">
                        <Radio value={reason.code} disabled={reason.current} label={reason.name} />
                        {reason.current && (
                          <Badge size="sm" variant="light" color="gray" tt="none">
                            {es.conversation.current}
                          </Badge>
                        )}
                      </Group>
                    ))}
                  </Stack>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
        )}
        {hasPending && (
          <Stack gap={6} data-testid="archive-pending">
            <Text size="sm" fw={600}>
              {t.archivePendingTitle}
            </Text>
            {contact.reminder && <Text size="sm">{t.archivePendingReminder}</Text>}
            {scheduled.length > 0 && (
              <Text size="sm">
                {scheduled.length === 1
                  ? t.archivePendingScheduledOne
                  : format(t.archivePendingScheduled, { n: scheduled.length })}
              </Text>
            )}
            <Text size="sm">{t.archivePendingQuestion}</Text>
            <SegmentedControl
              fullWidth
              aria-label={t.archivePendingQuestion}
              value={pendingChoice}
              onChange={(value) => setPendingChoice(value === 'cancel' ? 'cancel' : 'keep')}
              data={[
                { value: 'keep', label: t.archiveKeepPending },
                { value: 'cancel', label: t.archiveCancelPending },
              ]}
            />
          </Stack>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert" title={failure.title}>
            <Stack gap="xs">
              <Text size="sm">{failure.message}</Text>
              {failure.requests?.map((request) => (
                <Group key={request.id} justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Text size="sm" truncate>
                      {request.title}
                    </Text>
                    <Badge
                      size="sm"
                      variant="light"
                      tt="none"
                      color={statusColour(request.statusType)}
                    >
                      {request.status}
                    </Badge>
                  </Group>
                  {requestSales && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => {
                        // The dialog closes: once the request is modified or cancelled, archive again.
                        onClose();
                        requestSales.openRequest(request.id);
                      }}
                    >
                      {es.requestSales.open}
                    </Button>
                  )}
                </Group>
              ))}
            </Stack>
          </Alert>
        )}
        <FormActions
          cancelLabel={t.cancel}
          onCancel={onClose}
          submitLabel={failure ? es.app.retry : t.archive}
          loading={archive.isPending}
          disabled={!picked}
          cancelDisabled={archive.isPending}
        />
      </Stack>
    </form>
  );
}
