import { useState } from 'react';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { subConversationStatusLabel } from '@cartera/domain/contacts';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import { domainCodeOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ArrowLeftIcon, PencilIcon, SwitchIcon, UserIcon } from '../../shell/icons';
import { Panel } from '../../shell/panel';
import { QueryError } from '../../shell/query-error';
import { fullNameOf, useMe } from '../auth/session';
import { ContactDetailsPanel } from './contact-details-panel';
import { contactName, seesOnlyOwnContacts, type ContactDetail } from './contact-format';
import { ContactSheet } from './sheet/contact-sheet';
import { SubConversationsPanel } from './sub-conversations-panel';
import { TagChip } from './tag-chip';
import { TransferDialog } from './transfer-dialog';
import { UnifyDialog } from './unify-dialog';

const ZContactId = z.string().uuid();

/**
 * /contact?id=… (02 §2): the contact view. Until the conversation timeline arrives (issue #6) it
 * is the header (name, agent, 'Transferir', 'Editar contacto'), the details panel, 'Solicitudes'
 * and 'Subconversaciones'. A contact the user may not see reads as not found.
 */
export function ContactPage({ id }: { id: string }) {
  const trpc = useTRPC();
  const valid = ZContactId.safeParse(id).success;
  const contact = useQuery({
    ...trpc.contacts.get.queryOptions({ id }),
    enabled: valid,
    retry: false,
  });

  if (!valid) return <ContactNotFound />;
  if (contact.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={es.app.loading}>
        <Skeleton height={14} w={140} />
        <Skeleton height={36} w={320} />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton height={360} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Skeleton height={120} radius="md" />
              <Skeleton height={160} radius="md" />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    );
  }
  if (contact.isError) {
    const code = domainCodeOf(contact.error);
    if (code === 'CONTACT_NOT_FOUND' || code === 'INVALID_REQUEST_BODY') {
      return <ContactNotFound />;
    }
    return (
      <Stack gap="md" align="flex-start">
        <BackToList />
        <QueryError
          error={contact.error}
          onRetry={() => void contact.refetch()}
          retrying={contact.isFetching}
          maw={560}
        />
      </Stack>
    );
  }
  return <ContactView contact={contact.data} />;
}

function BackToList() {
  return (
    <Anchor
      size="sm"
      renderRoot={(props) => <Link to="/contacts" {...props} />}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <ArrowLeftIcon size={14} />
      {es.contacts.backToList}
    </Anchor>
  );
}

function ContactNotFound() {
  return (
    <Stack gap="md" align="flex-start">
      <BackToList />
      <Paper withBorder radius="lg" p="xl" maw={520} w="100%" data-testid="contact-not-found">
        <Stack gap="sm" align="center" ta="center">
          <Box c="gray.5">
            <UserIcon size={48} stroke={1.4} />
          </Box>
          <Title order={1} fz="h3">
            {errorMessage('CONTACT_NOT_FOUND')}
          </Title>
          <Text c="dimmed" size="sm">
            {es.contacts.notFoundBody}
          </Text>
          <Button variant="light" renderRoot={(props) => <Link to="/contacts" {...props} />}>
            {es.contacts.backToList}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

function ContactView({ contact }: { contact: ContactDetail }) {
  const trpc = useTRPC();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'transfer' | 'edit' | 'unify' | null>(null);
  const close = () => setDialog(null);
  const name = contactName(contact);
  const requestsOn = me?.featureFlags.requestSale === 1;

  return (
    <Stack gap="md">
      <BackToList />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          {contact.parent && (
            <Anchor
              size="sm"
              renderRoot={(props) => (
                <Link to="/contact" search={{ id: contact.parent!.id }} {...props} />
              )}
            >
              {format(es.contacts.subConversationOf, { name: contactName(contact.parent) })}
            </Anchor>
          )}
          <Group gap="sm" align="center">
            <Title order={1} fz="h2" lh={1.2} style={{ wordBreak: 'break-word' }}>
              {name}
            </Title>
            {contact.statusTag && <TagChip code={contact.statusTag} />}
            {contact.parent && contact.subConversationStatus && (
              <Badge variant="light" radius="sm" tt="none">
                {subConversationStatusLabel(contact.subConversationStatus)}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" data-testid="contact-agent">
            {`${es.contacts.agent}: ${contact.agent ? fullNameOf(contact.agent) : es.contacts.noAgent}`}
          </Text>
        </Stack>
        <Group gap="sm">
          {contact.can.transfer && (
            <Button
              variant="default"
              leftSection={<SwitchIcon size={16} />}
              onClick={() => setDialog('transfer')}
            >
              {es.contacts.transfer}
            </Button>
          )}
          {contact.can.edit && (
            <Button leftSection={<PencilIcon size={16} />} onClick={() => setDialog('edit')}>
              {es.contacts.edit}
            </Button>
          )}
        </Group>
      </Group>

      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ContactDetailsPanel contact={contact} onUnify={() => setDialog('unify')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {requestsOn && (
              // Request sales arrive with their own issue: until then the contact has none.
              <Panel titleId="requests-title" title={es.contacts.requests}>
                <Text size="sm" c="dimmed" py="xs">
                  {es.contacts.requestsEmpty}
                </Text>
              </Panel>
            )}
            {contact.can.subConversationsPanel && <SubConversationsPanel contact={contact} />}
          </Stack>
        </Grid.Col>
      </Grid>

      <TransferDialog
        opened={dialog === 'transfer'}
        onClose={close}
        contacts={[{ id: contact.id, name, agentId: contact.agent?.id ?? null }]}
        onDone={async () => {
          // A seller who hands a contact over no longer sees it.
          if (me && seesOnlyOwnContacts(me.user.roles)) await navigate({ to: '/contacts' });
        }}
      />
      <ContactSheet
        opened={dialog === 'edit'}
        onClose={close}
        contact={contact}
        onSaved={() =>
          void queryClient.invalidateQueries(trpc.contacts.get.queryFilter({ id: contact.id }))
        }
      />
      {contact.can.unify && (
        <UnifyDialog opened={dialog === 'unify'} onClose={close} contactId={contact.id} />
      )}
    </Stack>
  );
}
