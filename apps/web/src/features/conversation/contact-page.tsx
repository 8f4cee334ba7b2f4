import { useMemo, useState } from 'react';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { subConversationStatusLabel } from '@cartera/domain/contact-actions';
import { es, format } from '@cartera/domain/i18n';
import { domainCodeOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ArrowLeftIcon, PencilIcon, SwitchIcon, UserIcon } from '../../ui/icons';
import { fullNameOf, useMe } from '../auth/session';
import { ContactChipBar } from './actions/chip-bar';
import { CallButton } from './calls/call-button';
import { HeaderFields } from './actions/header-fields';
import { ConversationActions } from './actions/conversation-actions';
import { Conversation } from './conversation';
import { TimelineProvider } from './timeline-context';
import { InfoPanel } from './info-panel/info-panel';
import { ContactFetchAlert } from './contact-fetch-alert';
import { isReservedView } from '../inbox/reservation';
import { backLink } from '../contacts/back-link';
import layout from './conversation.module.css';
import { contactFetchFailure, fetchRetryDelay, shouldRetryFetch } from './fetch-policy';
import { ContactAvatar } from '../contacts/contact-avatar';
import { ContactDetailsPanel } from '../contacts/contact-details-panel';
import { contactName, seesOnlyOwnContacts, type ContactDetail } from '../contacts/contact-format';
import { ContactSheet } from '../contacts/sheet/contact-sheet';
import { SubConversationsPanel } from '../contacts/sub-conversations-panel';
import { TransferDialog } from '../contacts/transfer-dialog';
import { UnifyDialog } from '../contacts/unify-dialog';
import { RequestsPanel } from '../request-sales/requests-panel';
import { RequestSalesProvider } from '../request-sales/request-sales-context';
import { ShortcutsProvider } from './shortcuts';
import { SubConversationPanel } from './sub-conversation-drawer';
import { can, flagOn } from '@cartera/domain/policy';
import { MOBILE_QUERY } from '../../ui/media';

const ZContactId = z.string().uuid();

/**
 * /contact?id=… (02 §2, 03 §2.1): the conversation screen. The header (name, agent, actions),
 * the chip bar, the timeline with the composer in the centre, and at the side the details panel,
 * 'Solicitudes' and 'Subconversaciones'. A contact the user may not see reads as not found; the
 * fetch states and retries are those of 03 §8 'Contact fetch'.
 */
export function ContactPage({ id }: { id: string }) {
  const trpc = useTRPC();
  const valid = ZContactId.safeParse(id).success;
  const contact = useQuery({
    ...trpc.contact.get.queryOptions({ id }),
    enabled: valid,
    retry: (failures, error) => shouldRetryFetch(failures, domainCodeOf(error)),
    retryDelay: fetchRetryDelay,
  });

  if (!valid) return <ContactNotFound title={es.conversation.fetchInvalidId} />;
  if (contact.isPending) {
    return (
      <div className={layout.page} aria-busy="true" aria-label={es.app.loading}>
        <Skeleton height={14} w={140} />
        <Skeleton height={36} w={320} />
        <div className={layout.main}>
          <Skeleton height={420} radius="md" style={{ flex: 1 }} />
          <div className={layout.side}>
            <Skeleton height={200} radius="md" />
            <Skeleton height={120} radius="md" />
          </div>
        </div>
      </div>
    );
  }
  if (contact.isError) {
    const failure = contactFetchFailure(domainCodeOf(contact.error));
    if (failure.notFound) return <ContactNotFound title={failure.message} />;
    return (
      <Stack gap="md" align="flex-start">
        <BackToList />
        <ContactFetchAlert
          error={contact.error}
          retrying={contact.isFetching}
          onRetry={() => void contact.refetch()}
          maw={560}
          testId="contact-error"
        />
      </Stack>
    );
  }
  return <ContactView contact={contact.data} />;
}

/** Back to the inbox the contact was opened from, or to 'Contactos' (03 §2.1). */
function BackToList() {
  const me = useMe();
  const { inbox } = useSearch({ strict: false }) as { inbox?: string };
  const back = backLink(inbox, me?.user.id ?? '');
  return (
    <Anchor
      size="sm"
      renderRoot={(props) => <Link {...back.link} {...props} />}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <ArrowLeftIcon size={14} />
      {back.label}
    </Anchor>
  );
}

function ContactNotFound({ title }: { title: string }) {
  return (
    <Stack gap="md" align="flex-start">
      <BackToList />
      <Paper withBorder radius="lg" p="xl" maw={520} w="100%" data-testid="contact-not-found">
        <Stack gap="sm" align="center" ta="center">
          <Box c="gray.5">
            <UserIcon size={48} stroke={1.4} />
          </Box>
          <Title order={1} fz="h3">
            {title}
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
  /** While the contact is being handed over its live updates pause (the seller may lose it). */
  const [transferring, setTransferring] = useState(false);
  // An interaction chosen in the info panel: the timeline brings it into view.
  const [jumpTo, setJumpTo] = useState<string | null>(null);
  const close = () => setDialog(null);
  const name = contactName(contact);
  const requestsOn = me ? flagOn(me, 'requestSale') : false;
  const seesProfiles = me ? can(me.user, 'superviseSellers') : false;
  // Only looked at from 'Inbox' (03 §4 reserved contact): it must be taken before acting on it.
  const { inbox } = useSearch({ strict: false }) as { inbox?: string };
  const reserved = isReservedView(inbox, contact);
  // On a phone the header's actions go behind one '⋯' button (issue #33 item 6).
  const phone = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const author = useMemo(
    () => ({ id: me?.user.id ?? '', name: me?.user.name ?? '', lastname: me?.user.lastname ?? '' }),
    [me?.user.id, me?.user.name, me?.user.lastname],
  );

  return (
    <TimelineProvider contactId={contact.id} author={author} paused={transferring}>
      <RequestSalesProvider contactId={contact.id} enabled={requestsOn}>
        <ShortcutsProvider contact={contact}>
          <SubConversationPanel>
            <div className={layout.page}>
              <BackToList />
              <Group
                justify="space-between"
                align="flex-start"
                gap="sm"
                wrap={phone ? 'nowrap' : undefined}
              >
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
                  <Group gap="sm" align="center" wrap="nowrap">
                    <ContactAvatar contact={contact} size={phone ? 36 : 44} />
                    <Title
                      order={1}
                      fz={phone ? 'h3' : 'h2'}
                      lh={1.2}
                      style={{ wordBreak: 'break-word' }}
                    >
                      {name}
                    </Title>
                    {contact.parent && contact.subConversationStatus && (
                      <Badge variant="light" radius="sm" tt="none">
                        {subConversationStatusLabel(contact.subConversationStatus)}
                      </Badge>
                    )}
                  </Group>
                  <Group gap="xs">
                    <Text size="sm" c="dimmed" data-testid="contact-agent">
                      {`${es.contacts.agent}: ${contact.agent ? fullNameOf(contact.agent) : es.contacts.noAgent}`}
                    </Text>
                    {contact.agent && seesProfiles && (
                      // 03 §2.1: the agent's profile, for the commercial and supervisor roles.
                      <Anchor
                        size="sm"
                        renderRoot={(props) => (
                          <Link to="/" search={{ 'view-user': contact.agent!.id }} {...props} />
                        )}
                      >
                        {es.conversation.header.viewProfile}
                      </Anchor>
                    )}
                  </Group>
                </Stack>
                {phone ? (
                  <ConversationActions
                    contact={contact}
                    compact
                    reserved={reserved}
                    onEdit={() => setDialog('edit')}
                  />
                ) : (
                  <Group gap="sm">
                    {!reserved && <ConversationActions contact={contact} />}
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
                      <Button
                        leftSection={<PencilIcon size={16} />}
                        onClick={() => setDialog('edit')}
                      >
                        {es.contacts.edit}
                      </Button>
                    )}
                  </Group>
                )}
              </Group>

              <ContactChipBar contact={contact} readOnly={reserved} />
              <HeaderFields contact={contact} readOnly={reserved} />

              <div className={layout.main}>
                {me && <Conversation contact={contact} me={me} jumpTo={jumpTo} />}
                <div className={layout.side}>
                  <InfoPanel contact={contact} onSelectInteraction={setJumpTo} />
                  <ContactDetailsPanel
                    contact={contact}
                    onUnify={() => setDialog('unify')}
                    editable={contact.can.edit && !reserved}
                    call={
                      !reserved && (
                        <CallButton
                          contact={contact}
                          iconLabel={format(es.contactEditor.callContact, { name })}
                        />
                      )
                    }
                  />
                  {requestsOn && <RequestsPanel contactId={contact.id} />}
                  {contact.can.subConversationsPanel && <SubConversationsPanel contact={contact} />}
                </div>
              </div>

              <TransferDialog
                opened={dialog === 'transfer'}
                onClose={close}
                contacts={[{ id: contact.id, name, agentId: contact.agent?.id ?? null }]}
                onRunningChange={setTransferring}
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
                  void queryClient.invalidateQueries(
                    trpc.contact.get.queryFilter({ id: contact.id }),
                  )
                }
              />
              {contact.can.unify && (
                <UnifyDialog opened={dialog === 'unify'} onClose={close} contactId={contact.id} />
              )}
            </div>
          </SubConversationPanel>
        </ShortcutsProvider>
      </RequestSalesProvider>
    </TimelineProvider>
  );
}
