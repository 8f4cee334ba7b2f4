import { useState } from 'react';
import { List, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { EntityDialog } from '../../ui/entity-dialog';
import { serverFormErrors } from '../../ui/form-errors';
import { ContactPicker, useContactNames } from '../pickers/entity-pickers';
import type { NpsConfig } from './nps-config-dialog';

const t = es.nps.send;

/**
 * 'Enviar encuesta' (01 §7 sendSurvey; issue #42 item 1): the configuration's survey sent by hand
 * to chosen contacts; each answers what became of it (sent, a survey within the days, or the
 * code's text: no phone, the channel cannot send it now…).
 */
export function NpsSendDialog({ config, onClose }: { config: NpsConfig; onClose: () => void }) {
  const trpc = useTRPC();
  const [contacts, setContacts] = useState<string[]>([]);
  const send = useMutation(trpc.nps.sendSurvey.mutationOptions());
  const names = useContactNames(send.data?.results.map((each) => each.contactId) ?? []);
  const message = send.error ? serverFormErrors(send.error).message : null;
  return (
    <EntityDialog
      title={format(t.title, { name: config.name })}
      onClose={onClose}
      form={{ message }}
      saving={send.isPending}
      submitLabel={t.action}
      onSubmit={() => {
        if (contacts.length > 0) send.mutate({ id: config.id, contacts });
      }}
      after={
        send.data && (
          <List size="sm" mt="md" data-testid="nps-send-results">
            {send.data.results.map((result) => (
              <List.Item key={result.contactId}>
                <Text span size="sm" fw={600}>
                  {names[result.contactId] ?? ''}
                </Text>
                {': '}
                {result.surveyId
                  ? t.sent
                  : result.skipped
                    ? format(t.recent, { days: config.minDaysBetween })
                    : errorMessage(result.code ?? undefined)}
              </List.Item>
            ))}
          </List>
        )
      }
    >
      <ContactPicker label={t.contacts} multiple value={contacts} onChange={setContacts} required />
    </EntityDialog>
  );
}
