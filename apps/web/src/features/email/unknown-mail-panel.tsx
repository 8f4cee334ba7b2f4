import { useState } from 'react';
import { Box, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { flagOn } from '@cartera/domain/policy';
import type { RouterOutputs } from '../../lib/api-types';
import { formatDateTime } from '../../lib/dates';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { DataTable } from '../../ui/data-table';
import { Panel } from '../../ui/panel';
import { useMe } from '../auth/session';
import { useGoToContact } from '../contacts/sheet/use-phone-actions';
import { ContactSheet } from '../contacts/sheet/contact-sheet';

const t = es.email.unknown;

type UnknownMail = RouterOutputs['email']['unknownMail'][number];

/** A sender's name as the sheet's first and last name: the first word, then the rest. */
function nameParts(name: string) {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/**
 * 'Correos de remitentes sin contacto' in 'Ajustes' (issue #38 item 3): the user's mails from
 * addresses none of their contacts has; 'Crear contacto' opens the contact sheet with the
 * sender's name and address, and once saved their mails move to the new contact's conversation,
 * which opens.
 */
export function UnknownMailPanel() {
  const me = useMe();
  if (!me || !flagOn(me, 'personalEmail')) return null;
  return <UnknownMail />;
}

function UnknownMail() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const goToContact = useGoToContact();
  const mails = useQuery(trpc.email.unknownMail.queryOptions());
  const [creating, setCreating] = useState<UnknownMail | null>(null);
  const bring = useMutation(
    trpc.email.bringUnknownMail.mutationOptions({
      onSuccess: async ({ contactId }) => {
        notifications.show({ color: 'green', message: t.brought });
        await queryClient.invalidateQueries({ queryKey: trpc.email.unknownMail.queryKey() });
        goToContact({ id: contactId });
      },
      onError: (error) => notifications.show({ color: 'red', message: userMessageOf(error) }),
    }),
  );
  // Nothing waiting, nothing to show (loading and a failed load are shown).
  if (mails.data?.length === 0 && !creating) return null;
  return (
    <Panel titleId="email-unknown-title" title={t.title}>
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      <DataTable
        query={mails}
        items={mails.data ?? []}
        rowKey={(mail) => mail.id}
        labelledBy="email-unknown-title"
        empty={t.none}
        minWidth={0}
        columns={[
          {
            key: 'from',
            header: t.from,
            cell: (mail) => (
              <Stack gap={0}>
                <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                  {mail.fromName || mail.fromEmail}
                </Text>
                {mail.fromName && (
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {mail.fromEmail}
                  </Text>
                )}
                {/* On a phone the subject goes under the sender (one column and the button). */}
                <Box hiddenFrom="sm" mt={4}>
                  <MailSummary mail={mail} />
                </Box>
              </Stack>
            ),
          },
          {
            key: 'subject',
            header: t.subject,
            visibleFrom: 'sm',
            cell: (mail) => <MailSummary mail={mail} />,
          },
          {
            key: 'date',
            header: t.date,
            visibleFrom: 'sm',
            cell: (mail) => <Text size="sm">{formatDateTime(mail.receivedAt)}</Text>,
          },
        ]}
        actions={{
          width: 140,
          cell: (mail) => (
            <Button
              size="xs"
              variant="light"
              loading={bring.isPending && bring.variables?.address === mail.fromEmail}
              onClick={() => setCreating(mail)}
              aria-label={`${t.createContact}: ${mail.fromEmail}`}
            >
              {t.createContact}
            </Button>
          ),
        }}
      />
      {creating && (
        <ContactSheet
          opened
          onClose={() => setCreating(null)}
          redirect={false}
          defaults={{ ...nameParts(creating.fromName), email: creating.fromEmail }}
          onSaved={() => bring.mutate({ address: creating.fromEmail })}
        />
      )}
    </Panel>
  );
}

/** A kept mail's subject and first line. */
function MailSummary({ mail }: { mail: { subject: string; resume: string } }) {
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {mail.subject || es.email.bubble.noSubject}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {mail.resume}
      </Text>
    </Stack>
  );
}
