import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import type { EmailContent } from '@cartera/domain/interactions';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useMailboxes } from '../../email/use-mailboxes';

const t = es.email.bubble;

/**
 * 'Sacar del CRM' (issue #38 item 3) under a mail that came through one of the user's own
 * mailboxes: after the confirmation, its thread's mails are emptied on every timeline and its
 * new mails stay out.
 */
export function KeepThreadOutButton({
  contactId,
  itemId,
  mail,
}: {
  contactId: string;
  itemId: string;
  mail: EmailContent;
}) {
  const trpc = useTRPC();
  const mailboxes = useMailboxes();
  const [asking, setAsking] = useState(false);
  const keepOut = useMutation(
    trpc.email.keepThreadOut.mutationOptions({
      onSuccess: () => {
        setAsking(false);
        notifications.show({ message: t.keptOut });
      },
    }),
  );
  if (!mailboxes.some((mailbox) => mailbox.id === mail.accountId)) return null;
  return (
    <>
      <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setAsking(true)}>
        {t.keepOut}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t.keepOutTitle}
        confirmLabel={t.keepOut}
        action={keepOut}
        onConfirm={() => keepOut.mutate({ contactId, id: itemId })}
        onClose={() => {
          setAsking(false);
          keepOut.reset();
        }}
      >
        <Text size="sm">{t.keepOutText}</Text>
      </ConfirmDialog>
    </>
  );
}
