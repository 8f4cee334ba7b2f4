import type { ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { conversationText } from '@cartera/domain/contact-actions';
import { isFieldVisible } from '@cartera/domain/custom-fields';
import { es } from '@cartera/domain/i18n';
import { proximityLevel } from '@cartera/domain/proximity';
import { formatDateTime } from '../../lib/dates';
import { isAppClientError, userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ClipboardIcon, MapPinIcon, SwitchIcon } from '../../ui/icons';
import { DetailItem } from '../../ui/detail-item';
import { EditableProperty } from '../../ui/editable-property';
import { useMe } from '../auth/session';
import { CustomFieldInput } from '../custom-fields/custom-field-input';
import { numberInputText, toFormValue, toStoredValue } from '../custom-fields/field-values';
import { ContactHead } from './contact-head';
import { PhoneNumberLink } from '../phone/phone-number-link';
import { channelView, mapLink, type ContactDetail } from './contact-format';
import { useContactChange, type ContactChanges } from './use-contact-change';
import { TagChip, useOriginName } from './tag-chip';

/** Proximity levels from cold to warm (02 §4). */
const PROXIMITY_COLORS: Record<string, string> = {
  'very-low': 'gray',
  low: 'blue',
  medium: 'yellow',
  high: 'orange',
  'very-high': 'red',
};

/**
 * The details panel of a contact (02 §2 screen 2), also the conversation screen's contact detail
 * editor (03 §2.1): avatar, name and the contact's channel buttons; origin, detail, tag, phones,
 * e-mails, proximity, imported flag, social networks, address with its comment and a map link,
 * companies with 'Ver empresa', the configurable fields; 'Unificar contacto' (when allowed) and
 * 'Copiar conversación'. With `editable` the name, document, comment and the text and number
 * fields are edited in place (EditableProperty), each change sent alone.
 */
export function ContactDetailsPanel({
  contact,
  onUnify,
  editable = false,
  call,
}: {
  contact: ContactDetail;
  onUnify: () => void;
  /** The head's call button (the conversation's, which logs the call). */
  call?: ReactNode;
  /** The user may edit the contact (contact.can.edit, not only looked at from 'Inbox'). */
  editable?: boolean;
}) {
  const trpc = useTRPC();
  const originName = useOriginName(contact.origin);
  const level = proximityLevel(contact.proximity);
  const copy = useCopyConversation(contact.id);
  const location = contact.contactLocation;
  const { change } = useContactChange(contact.id);
  const form = useQuery({ ...trpc.contact.form.queryOptions(), enabled: editable });
  const flags = form.data?.flags;
  /** A property's save, when the user may edit it: only that property is sent. */
  const saver = (on: boolean, changes: (text: string) => ContactChanges) =>
    editable && on ? (text: string) => change(changes(text)) : undefined;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="details-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="md" id="details-title">
            {es.contacts.details}
          </Title>
          <Group gap="xs">
            {contact.can.unify && (
              <Button
                size="xs"
                variant="light"
                leftSection={<SwitchIcon size={14} />}
                onClick={onUnify}
              >
                {es.contacts.unify}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              leftSection={<ClipboardIcon size={14} />}
              loading={copy.isPending}
              onClick={() => copy.mutate()}
            >
              {es.contacts.copyConversation}
            </Button>
          </Group>
        </Group>

        <ContactHead contact={contact} editable={editable} call={call} />

        {editable && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <EditableProperty
              label={es.contacts.firstName}
              value={contact.firstName}
              onSave={saver(true, (firstName) => ({ firstName }))}
            />
            {!flags?.disableLastname && (
              <EditableProperty
                label={es.contacts.lastName}
                value={contact.lastName}
                onSave={saver(!!flags, (lastName) => ({ lastName }))}
              />
            )}
          </SimpleGrid>
        )}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <DetailItem label={es.contacts.origin}>
            {originName ? (
              <Stack gap={0}>
                <Text size="sm">{originName}</Text>
                {contact.originText && (
                  <Text size="xs" c="dimmed">
                    {contact.originText}
                  </Text>
                )}
              </Stack>
            ) : (
              <Empty />
            )}
          </DetailItem>
          <DetailItem label={es.contacts.statusTag}>
            <TagChip code={contact.statusTag} />
          </DetailItem>
          <DetailItem label={es.contacts.phones}>
            {contact.phones.length ? (
              <Stack gap={2}>
                {contact.phones.map((row) => (
                  <Group key={row.phone} gap={6} wrap="nowrap">
                    <PhoneNumberLink contact={contact} phone={row.phone}>
                      {row.national}
                    </PhoneNumberLink>
                    {row.extensionNumber && (
                      <Text size="xs" c="dimmed">
                        {`${es.contacts.extension} ${row.extensionNumber}`}
                      </Text>
                    )}
                  </Group>
                ))}
              </Stack>
            ) : (
              <Empty />
            )}
          </DetailItem>
          <DetailItem label={es.contacts.emails}>
            {contact.emails.length ? (
              <Stack gap={2}>
                {contact.emails.map((email) => (
                  <Anchor
                    key={email}
                    size="sm"
                    href={`mailto:${email}`}
                    style={{ wordBreak: 'break-all' }}
                  >
                    {email}
                  </Anchor>
                ))}
              </Stack>
            ) : (
              <Empty />
            )}
          </DetailItem>
          {editable && !flags?.disableGovId ? (
            <EditableProperty
              label={es.contacts.govId}
              value={contact.govId}
              onSave={saver(!!flags, (govId) => ({ govId }))}
            />
          ) : (
            contact.govId && <DetailItem label={es.contacts.govId}>{contact.govId}</DetailItem>
          )}
          <DetailItem label={es.contacts.proximity}>
            <Badge
              variant="light"
              color={PROXIMITY_COLORS[level.id]}
              radius="sm"
              tt="none"
              data-testid="proximity"
            >
              {level.label}
            </Badge>
          </DetailItem>
          <DetailItem label={es.contacts.imported}>
            {contact.databaseUploaded ? es.contacts.importedYes : es.contacts.importedNo}
          </DetailItem>
          <DetailItem label={es.contacts.socialNetworks}>
            {contact.channels.length ? (
              <Stack gap={2}>
                {contact.channels.map((channel, index) => {
                  const view = channelView(channel);
                  const text = view.account ? `${view.network}: ${view.account}` : view.network;
                  return view.href ? (
                    <Anchor key={index} size="sm" href={view.href} target="_blank" rel="noreferrer">
                      {text}
                    </Anchor>
                  ) : (
                    <Text key={index} size="sm">
                      {text}
                    </Text>
                  );
                })}
              </Stack>
            ) : (
              <Empty />
            )}
          </DetailItem>
          <DetailItem label={es.contacts.createdAt}>{formatDateTime(contact.createdAt)}</DetailItem>
          <DetailItem label={es.contacts.lastInteraction}>
            {contact.lastInteractionAt ? formatDateTime(contact.lastInteractionAt) : <Empty />}
          </DetailItem>
        </SimpleGrid>

        {editable ? (
          <EditableProperty
            label={es.contacts.detail}
            value={contact.detail}
            multiline
            onSave={saver(true, (detail) => ({ detail }))}
          />
        ) : (
          <DetailItem label={es.contacts.detail}>
            {contact.detail.trim() ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {contact.detail}
              </Text>
            ) : (
              <Empty />
            )}
          </DetailItem>
        )}

        <DetailItem label={es.contacts.address}>
          {location ? (
            <Stack gap={2}>
              <Text size="sm">{location.formatted_address}</Text>
              {location.extraInfo && (
                <Text size="xs" c="dimmed">
                  {location.extraInfo}
                </Text>
              )}
              <Anchor
                size="sm"
                href={mapLink(location)}
                target="_blank"
                rel="noreferrer"
                style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
              >
                <MapPinIcon size={14} />
                {es.contacts.openMap}
              </Anchor>
            </Stack>
          ) : (
            <Empty />
          )}
        </DetailItem>

        <DetailItem label={es.contacts.companies}>
          {contact.affiliations.length ? (
            <Stack gap="xs">
              {contact.affiliations.map((row) => (
                <Group key={row.companyId} justify="space-between" gap="xs" wrap="nowrap">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {row.companyName}
                    </Text>
                    {(row.role || row.sectorName) && (
                      <Text size="xs" c="dimmed" truncate>
                        {[row.role, row.sectorName].filter(Boolean).join(' · ')}
                      </Text>
                    )}
                  </Stack>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    renderRoot={(props) => (
                      <Link
                        to="/companies/$companyId"
                        params={{ companyId: row.companyId }}
                        {...props}
                      />
                    )}
                    aria-label={`${es.contacts.viewCompany}: ${row.companyName}`}
                  >
                    {es.contacts.viewCompany}
                  </Button>
                </Group>
              ))}
            </Stack>
          ) : (
            <Empty />
          )}
        </DetailItem>

        <ContactCustomFields contact={contact} editable={editable} />
      </Stack>
    </Paper>
  );
}

function Empty() {
  return (
    <Text span size="sm" c="dimmed">
      {es.fields.emptyValue}
    </Text>
  );
}

/** Field types edited in place as text; the others show read-only (the sheet edits them). */
const TEXT_FIELD_TYPES = new Set(['string', 'number']);

/**
 * The contact's configurable fields through the one field renderer, read-only; with `editable`
 * the text and number ones (not read-only ones) are edited in place, each sent alone by its code
 * (03 §7 'Modify additional field').
 */
function ContactCustomFields({ contact, editable }: { contact: ContactDetail; editable: boolean }) {
  const trpc = useTRPC();
  const me = useMe();
  const { change } = useContactChange(contact.id);
  const fields = useQuery(
    trpc.customField.forForm.queryOptions({ entity: 'contact', mode: 'edit' }),
  );
  const shown = (fields.data ?? []).filter((field) =>
    isFieldVisible(field, me?.user.roles ?? [], 'edit'),
  );
  if (shown.length === 0) return null;
  return (
    <>
      <Divider
        label={es.companies.customFields}
        labelPosition="left"
        styles={{ label: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' } }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {shown.map((field) => {
          const value = toFormValue(field, contact.additionalData[field.code]);
          if (editable && TEXT_FIELD_TYPES.has(field.type) && !field.onlyRead) {
            return (
              <EditableProperty
                key={field.id}
                label={field.name}
                value={typeof value === 'string' ? value : ''}
                inputMode={field.type === 'number' ? 'numeric' : undefined}
                normalize={field.type === 'number' ? numberInputText : undefined}
                onSave={(text) =>
                  change({ additionalData: { [field.code]: toStoredValue(field, text) } })
                }
              />
            );
          }
          return (
            <CustomFieldInput
              key={field.id}
              field={field}
              entity="contact"
              mode="read"
              value={value}
            />
          );
        })}
      </SimpleGrid>
    </>
  );
}

/**
 * 'Copiar conversación' (02 §2 screen 2): the interactions as lines of date, agent or 'Sistema',
 * type and body, copied to the clipboard; 'Guardado en portapapeles' once there.
 */
function useCopyConversation(contactId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const items = await queryClient.fetchQuery({
        ...trpc.contact.conversationText.queryOptions({ id: contactId }),
        staleTime: 0,
      });
      if (items.length === 0) return false;
      await navigator.clipboard.writeText(conversationText(items, formatDateTime));
      return true;
    },
    onSuccess: (copied) =>
      notifications.show(
        copied
          ? { color: 'teal', message: es.contacts.copied }
          : { color: 'gray', message: es.contacts.copyEmpty },
      ),
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: isAppClientError(error) ? userMessageOf(error) : es.contacts.copyFailed,
      }),
  });
}
