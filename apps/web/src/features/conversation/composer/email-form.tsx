import { useRef, useState, type ReactNode } from 'react';
import {
  Button,
  CloseButton,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  isMailAddress,
  replyRecipients,
  replySubject,
  ZSendEmailInput,
  type DraftAddress,
} from '@cartera/domain/email';
import { es, format } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { scheduledDateValid } from '@cartera/domain/scheduled-messages';
import { useTRPC } from '../../../lib/trpc';
import { serverFormErrors, type FieldErrors, type FieldPlacer } from '../../../ui/form-errors';
import { MOBILE_QUERY } from '../../../ui/media';
import { useEntityForm } from '../../../ui/use-entity-form';
import { AddressInput } from '../../email/address-input';
import { pendingError, withPending } from '../../email/address-list';
import { RichEditor } from '../../email/rich-editor';
import type { Mailbox } from '../../email/use-mailboxes';
import { useShortcut } from '../../keyboard/keyboard-provider';
import { useReply, type MailReply } from '../bubbles/reply-context';
import { AttachButton, AttachmentList, useNoteAttachments } from './attachments';
import { EmailTemplatesButton } from './email-templates';
import { ScheduleButton, ScheduledChip, type Schedule } from './schedule';
import classes from './email-form.module.css';

const c = es.email.composer;

/**
 * 03 §9: the editor is 500 px high. The form takes at most 62% of the screen's height (52% on a
 * phone; email-form.module.css) so the timeline keeps a strip: on a lower screen the editor gives
 * up what the form's other fields need, down to a few lines.
 */
const EDITOR_HEIGHT = 'clamp(160px, calc(62dvh - 290px), 500px)';
const PHONE_EDITOR_HEIGHT = 'clamp(120px, calc(52dvh - 340px), 220px)';

interface EmailValues {
  accountId: string;
  to: DraftAddress[];
  cc: DraftAddress[];
  bcc: DraftAddress[];
  /** What is typed in each address field and not yet added. */
  toText: string;
  ccText: string;
  bccText: string;
  subject: string;
  body: string;
}

type AddressField = 'to' | 'cc' | 'bcc';

/** A new mail starts with the mailbox's signature under an empty line (03 §3). */
function startingBody(mailbox: Mailbox | undefined): string {
  return mailbox?.signature ? `<p></p>${mailbox.signature}` : '';
}

/** The mailbox a reply goes from: the one the mail came through, when it is the user's. */
function replyMailbox(reply: MailReply, mailboxes: readonly Mailbox[]): Mailbox | undefined {
  return mailboxes.find((each) => each.id === reply.mail.accountId);
}

function initialValues(
  mailboxes: readonly Mailbox[],
  reply: MailReply | null,
  contact: { emails: readonly string[]; name: string },
): EmailValues {
  const own = reply ? replyMailbox(reply, mailboxes) : undefined;
  const mailbox = own ?? mailboxes[0];
  const empty = { cc: [], bcc: [], toText: '', ccText: '', bccText: '' };
  if (reply) {
    return {
      ...empty,
      accountId: mailbox?.id ?? '',
      to: replyRecipients(reply.mail, mailbox?.address ?? ''),
      subject: replySubject(reply.mail.subject),
      body: '',
    };
  }
  return {
    ...empty,
    accountId: mailbox?.id ?? '',
    // A new mail goes to the contact's addresses (03 §5: To keeps at least one).
    to: contact.emails
      .filter((email) => isMailAddress(email))
      .map((email) => ({
        email: email.trim().toLowerCase(),
        ...(contact.name ? { name: contact.name } : {}),
      })),
    subject: '',
    body: startingBody(mailbox),
  };
}

/** The form field a path of the draft (the client's or the server's) belongs to. */
const placeField: FieldPlacer = (parts) => {
  const [first] = parts;
  return first === 'to' ||
    first === 'cc' ||
    first === 'bcc' ||
    first === 'subject' ||
    first === 'body' ||
    first === 'accountId' ||
    first === 'attachments'
    ? first
    : null;
};

/**
 * The composer in mode `email` (03 §2.2, §5): From among the user's connected mailboxes
 * (disabled when replying through the user's own mailbox), To, Cc and Bcc (behind 'CC y CCO'),
 * Subject ('Requerido'), the rich editor, files through the upload flow, and 'Enviar correo' now
 * or at a scheduled date. A reply ('Responder' on an e-mail) goes to the right recipients with
 * 'RE: '. Sent, the form is done (`onDone`); Escape inside it leaves the mode keeping the draft
 * (`onLeave`); 'Descartar correo' drops it.
 */
export function EmailForm({
  contactId,
  mailboxes,
  contact,
  hidden,
  onLeave,
  onDone,
}: {
  contactId: string;
  /** The user's connected mailboxes (at least one). */
  mailboxes: readonly Mailbox[];
  /** The contact's addresses and name, for a new mail's To. */
  contact: { emails: readonly string[]; name: string };
  /** Another mode is on: the draft waits, out of sight. */
  hidden: boolean;
  onLeave: () => void;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const phone = useMediaQuery(MOBILE_QUERY) === true;
  const { mailReply, replyToMail } = useReply();
  const [reply] = useState(mailReply);
  // One id per draft until it is stored: sending again after a lost answer stores it once.
  const [draftId, setDraftId] = useState(newId);
  const [copies, setCopies] = useState(false);
  const [schedule, setSchedule] = useState<Schedule | null>(null);
  const files = useNoteAttachments('email');
  const root = useRef<HTMLDivElement>(null);
  const replyingFromOwn = reply !== null && replyMailbox(reply, mailboxes) !== undefined;

  const form = useEntityForm({
    initial: () => initialValues(mailboxes, reply, contact),
    schema: ZSendEmailInput,
    input: (values: EmailValues) => ({
      id: draftId,
      contactId,
      accountId: values.accountId,
      to: withPending(values.to, values.toText),
      cc: withPending(values.cc, values.ccText),
      bcc: withPending(values.bcc, values.bccText),
      subject: values.subject,
      body: values.body,
      attachments: files.files.map((file) => ({
        url: file.url,
        name: file.name,
        size: file.size,
        mimeType: file.mimeType,
      })),
      ...(reply ? { replyToId: reply.interactionId } : {}),
      ...(schedule
        ? { scheduleDate: schedule.date, createReminder: schedule.createReminder }
        : { createReminder: false }),
    }),
    // 03 §5: a typed text that is not an address blocks sending, under its field.
    validate: (values) => {
      const errors: FieldErrors = {};
      for (const field of ['to', 'cc', 'bcc'] as const) {
        const error = pendingError(values[`${field}Text`]);
        if (error) errors[field] = error;
      }
      return errors;
    },
    place: placeField,
  });

  const send = useMutation(
    trpc.email.send.mutationOptions({
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          message: schedule ? es.conversation.composer.scheduled : c.sent,
        });
        setDraftId(newId());
        files.clear();
        replyToMail(null);
        onDone();
      },
      onError: (error) => {
        form.onError(error);
        // What no field takes is told as the app tells any failure.
        const { message } = serverFormErrors(error, { place: placeField });
        if (message) {
          notifications.show({ color: 'red', title: c.sendFailed, message });
        }
      },
    }),
  );

  useShortcut(
    'escape',
    () => {
      if (!root.current?.contains(document.activeElement)) return false;
      onLeave();
      return true;
    },
    !hidden,
  );

  const submit = () => {
    if (files.uploading || files.failed || send.isPending) return;
    if (schedule && !scheduledDateValid(schedule.date)) {
      notifications.show({
        color: 'red',
        title: es.conversation.composer.scheduleInvalidTitle,
        message: es.conversation.composer.scheduleInvalid,
      });
      return;
    }
    form.submit((input) => send.mutate(input));
  };

  const discard = () => {
    files.clear();
    replyToMail(null);
    onDone();
  };

  const addresses = (field: AddressField, label: string, keep: number, extra?: ReactNode) => (
    <AddressInput
      label={label}
      value={form.values[field]}
      onChange={(list) => form.set(field, list)}
      pending={form.values[`${field}Text`]}
      onPendingChange={(text) =>
        form.change({ [`${field}Text`]: text } as Partial<EmailValues>, field)
      }
      keep={keep}
      error={form.errorOf(field)}
      rightSection={extra}
    />
  );

  const mailbox = mailboxes.find((each) => each.id === form.values.accountId);
  return (
    <div
      ref={root}
      hidden={hidden}
      className={classes.form}
      data-testid="email-composer"
      role="group"
      aria-label={c.tab}
    >
      <Stack gap="xs">
        {reply && (
          <Group gap="xs" wrap="nowrap" className={classes.replying} data-testid="email-replying">
            <Text size="xs" fw={600} c="blue.8" style={{ flex: 1, minWidth: 0 }} truncate="end">
              {format(c.replyingTo, { subject: reply.mail.subject || es.email.bubble.noSubject })}
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => replyToMail(null)}>
              {c.cancelReply}
            </Button>
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
          <Select
            label={c.from}
            data={mailboxes.map((each) => ({ value: each.id, label: each.address }))}
            value={form.values.accountId}
            allowDeselect={false}
            // 03 §5: a reply goes from the mailbox the mail came through.
            disabled={replyingFromOwn}
            error={form.errorOf('accountId')}
            onChange={(id) => {
              if (!id) return;
              const next = mailboxes.find((each) => each.id === id);
              // A new mail still holding the signature alone takes the other mailbox's.
              const body =
                !reply && form.values.body === startingBody(mailbox)
                  ? startingBody(next)
                  : form.values.body;
              form.change({ accountId: id, body }, 'accountId');
            }}
          />
          {addresses(
            'to',
            c.to,
            1,
            <Button
              size="compact-xs"
              variant="subtle"
              mr={4}
              aria-expanded={copies}
              onClick={() => setCopies((open) => !open)}
            >
              {c.showCopies}
            </Button>,
          )}
          {copies && addresses('cc', c.cc, 0)}
          {copies && addresses('bcc', c.bcc, 0)}
        </SimpleGrid>
        <TextInput
          label={c.subject}
          value={form.values.subject}
          onChange={(event) => form.set('subject', event.currentTarget.value)}
          error={form.errorOf('subject')}
          withAsterisk
          maxLength={998}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
        <RichEditor
          label={c.body}
          hideLabel
          value={form.values.body}
          onChange={(html) => form.set('body', html)}
          height={phone ? PHONE_EDITOR_HEIGHT : EDITOR_HEIGHT}
          error={form.errorOf('body')}
        />
        <AttachmentList items={files.items} onRemove={files.remove} />
        {form.errorOf('attachments') && (
          <Text size="xs" c="red" role="alert">
            {form.errorOf('attachments')}
          </Text>
        )}
        {schedule && <ScheduledChip schedule={schedule} onRemove={() => setSchedule(null)} />}
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <AttachButton onFiles={files.add} />
            <EmailTemplatesButton
              onPick={(template) =>
                // A reply keeps its 'RE: ' subject; a new mail keeps the signature under the text.
                form.change(
                  {
                    ...(reply ? {} : { subject: template.subject }),
                    body: reply ? template.message : `${template.message}${startingBody(mailbox)}`,
                  },
                  'body',
                )
              }
            />
            <ScheduleButton
              schedule={schedule}
              onSchedule={setSchedule}
              disabled={send.isPending}
            />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <CloseButton
              size="lg"
              aria-label={c.cancel}
              title={c.cancel}
              onClick={discard}
              disabled={send.isPending}
            />
            <Button
              onClick={submit}
              loading={send.isPending}
              disabled={files.uploading || files.failed}
            >
              {c.send}
            </Button>
          </Group>
        </Group>
      </Stack>
    </div>
  );
}
