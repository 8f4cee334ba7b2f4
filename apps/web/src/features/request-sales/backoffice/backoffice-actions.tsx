import { useState } from 'react';
import { Select, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import type { StatusOption } from '@cartera/domain/request-sales';
import { userMessageOf } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { fullNameOf, useMe } from '../../auth/session';
import type { BackofficeRequest } from './backoffice-request';

const texts = es.requestSalesOffice.actions;

export type BackofficeAction = 'audit' | 'creator' | 'force';

/**
 * The back office's actions on a request (01 §4, commercial users): assign (or clear) its
 * auditor, give it to another creator, force a status of its template. Each asks for
 * confirmation, names the client, shows the server's Spanish error in place and ends with a
 * toast.
 */
export function BackofficeActionDialog({
  action,
  request,
  name,
  statuses,
  onClose,
}: {
  action: BackofficeAction | null;
  request: BackofficeRequest | null;
  name: string;
  statuses: readonly StatusOption[];
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useMe();
  // The dialog is keyed by its request and action: it starts from the request's current value.
  const [choice, setChoice] = useState<string | null>(() =>
    !request || !action
      ? null
      : action === 'audit'
        ? (request.auditor?.id ?? null)
        : action === 'creator'
          ? request.creator.id
          : request.statusType,
  );
  const [comment, setComment] = useState('');
  const users = useQuery({
    ...trpc.requestSale.shareUsers.queryOptions(),
    enabled: action !== null && action !== 'force',
  });

  const done = (message: string) => {
    void queryClient.invalidateQueries(trpc.requestSale.pathFilter());
    notifications.show({ color: 'teal', message });
    onClose();
  };
  const audit = useMutation(
    trpc.requestSale.audit.mutationOptions({
      onSuccess: (saved) => done(saved.auditor ? texts.auditDone : texts.auditCleared),
    }),
  );
  const creator = useMutation(
    trpc.requestSale.changeCreator.mutationOptions({ onSuccess: () => done(texts.creatorDone) }),
  );
  const force = useMutation(
    trpc.requestSale.forceStatus.mutationOptions({
      onSuccess: (saved) => done(format(texts.forceDone, { status: saved.status })),
    }),
  );
  const running = audit.isPending || creator.isPending || force.isPending;
  const failure = audit.error ?? creator.error ?? force.error;

  const close = () => {
    audit.reset();
    creator.reset();
    force.reset();
    onClose();
  };

  // The company's sales users and the caller (who may audit or own a request too).
  const people = [
    ...(me ? [{ value: me.user.id, label: fullNameOf(me.user) }] : []),
    ...(users.data ?? [])
      .filter((user) => user.id !== me?.user.id)
      .map((user) => ({ value: user.id, label: fullNameOf(user) })),
  ];

  const confirm = () => {
    if (!request || !action) return;
    if (action === 'audit') audit.mutate({ id: request.id, auditorId: choice });
    else if (action === 'creator' && choice) creator.mutate({ id: request.id, creatorId: choice });
    else if (action === 'force' && choice)
      force.mutate({
        id: request.id,
        statusType: choice,
        comment: comment.trim() || undefined,
      });
  };

  const title =
    action === 'audit'
      ? texts.auditTitle
      : action === 'creator'
        ? texts.creatorTitle
        : texts.forceTitle;
  const confirmLabel =
    action === 'audit'
      ? choice
        ? texts.auditConfirm
        : texts.auditClear
      : action === 'creator'
        ? texts.creatorConfirm
        : texts.forceConfirm;

  return (
    <ConfirmDialog
      opened={action !== null && request !== null}
      title={title}
      confirmLabel={confirmLabel}
      reversible
      loading={running}
      error={failure ? userMessageOf(failure) : null}
      onConfirm={confirm}
      onClose={close}
    >
      <Text size="sm">{format(texts.question, { name })}</Text>
      {action === 'audit' && (
        <>
          <Select
            label={texts.auditLabel}
            data={people}
            value={choice}
            onChange={setChoice}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Text size="xs" c="dimmed">
            {texts.auditHint}
          </Text>
        </>
      )}
      {action === 'creator' && (
        <Select
          label={texts.creatorLabel}
          data={people}
          value={choice}
          onChange={setChoice}
          searchable
          allowDeselect={false}
        />
      )}
      {action === 'force' && (
        <>
          <Select
            label={texts.forceLabel}
            data={statuses.map((option) => ({ value: option.status, label: option.title }))}
            value={choice}
            onChange={setChoice}
            allowDeselect={false}
          />
          <Textarea
            label={texts.forceComment}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
          />
          <Text size="xs" c="dimmed">
            {texts.forceHint}
          </Text>
        </>
      )}
    </ConfirmDialog>
  );
}
