import { useState } from 'react';
import {
  Button,
  FileButton,
  Group,
  Input,
  Loader,
  SegmentedControl,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { fileSrc } from '../../lib/file-url';
import { useTRPC } from '../../lib/trpc';
import { uploadFailureText, uploadFile } from '../../lib/upload-file';
import { EntityDialog } from '../../ui/entity-dialog';
import { useEntityForm } from '../../ui/use-entity-form';
import { RichEditor } from '../email/rich-editor';

const t = es.quickReplies;

export type QuickReply = RouterOutputs['template']['list'][number];
export type QuickReplyScope = 'personal' | 'company';
type ReplyType = 'message-text' | 'voice-note' | 'email';
type ReplyFile = QuickReply['files'][number];

const TYPES: readonly ReplyType[] = ['message-text', 'voice-note', 'email'];
/** The server's limits (templates.service: ZQuickReplyInput and a chat template's text). */
const TITLE_MAX = 120;
const CHAT_TEXT_MAX = 4_096;
const SUBJECT_MAX = 998;
/** Where a quick reply's uploads are kept (the files module's `via`). */
const UPLOAD_VIA = 'template';

interface Values {
  title: string;
  type: ReplyType;
  message: string;
  subject: string;
  files: ReplyFile[];
}

const isAudio = (file: ReplyFile) => file.mimetype.startsWith('audio/');

/** An e-mail body with no text in it (the editor's empty paragraph). */
const blankHtml = (html: string) => html.replace(/<[^>]*>|&nbsp;/g, '').trim() === '';

/** The checks of ZQuickReplyInput and the service, in the user's words. */
function validate(values: Values) {
  const errors: Record<string, string | undefined> = {};
  const title = values.title.trim();
  if (!title) errors.title = t.titleRequired;
  else if (title.length > TITLE_MAX) errors.title = format(t.titleTooLong, { n: TITLE_MAX });
  if (values.type === 'email') {
    if (!values.subject.trim()) errors.subject = t.subjectRequired;
    if (blankHtml(values.message)) errors.message = t.bodyRequired;
  } else {
    if (values.message.trim().length > CHAT_TEXT_MAX) {
      errors.message = format(t.messageTooLong, { n: CHAT_TEXT_MAX });
    }
    if (values.type === 'voice-note' && !values.files.some(isAudio)) errors.files = t.audioRequired;
    const documents = values.files.filter((file) => !isAudio(file));
    if (values.type === 'message-text' && !values.message.trim() && documents.length === 0) {
      errors.message = t.messageRequired;
    }
  }
  return errors;
}

/** What the server takes of the values: a text reply keeps its files, a voice note its audio. */
function inputOf(values: Values) {
  return {
    title: values.title.trim(),
    type: values.type,
    message: values.message.trim(),
    subject: values.type === 'email' ? values.subject.trim() : '',
    // A voice note sends its audio; a text reply its other files (documents, pictures).
    files:
      values.type === 'email'
        ? []
        : values.files.filter((file) => isAudio(file) === (values.type === 'voice-note')),
  };
}

/**
 * Create or edit one quick reply: its title (what '/' finds), its type and what it says: a text
 * with placeholders, a voice note (an audio uploaded through the files module, with an optional
 * text) or an e-mail template (subject and rich body).
 */
export function QuickReplyDialog({
  reply,
  scope,
  opened,
  onClose,
}: {
  reply: QuickReply | undefined;
  scope: QuickReplyScope;
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useEntityForm({
    initial: (): Values => ({
      title: reply?.title ?? '',
      type: (TYPES as readonly string[]).includes(reply?.type ?? '')
        ? (reply!.type as ReplyType)
        : 'message-text',
      message: reply?.message ?? '',
      subject: reply?.subject ?? '',
      files: reply?.files ?? [],
    }),
    validate,
    within: 'values',
    codes: { FILE_NOT_UPLOADED: 'files' },
  });
  const { values } = form;
  const [uploading, setUploading] = useState(false);
  const options = {
    onSuccess: () => {
      void queryClient.invalidateQueries(trpc.template.pathFilter());
      notifications.show({ color: 'teal', message: t.saved });
      onClose();
    },
    onError: form.onError,
  };
  const create = useMutation(trpc.template.create.mutationOptions(options));
  const update = useMutation(trpc.template.update.mutationOptions(options));

  const pickAudio = async (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('audio/')) {
      form.showMessage(t.audioOnly);
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadFile(file, { via: UPLOAD_VIA });
      form.set('files', [
        {
          url: new URL(uploaded.url, window.location.origin).href,
          fileName: uploaded.name,
          mimetype: uploaded.mimeType,
        },
      ]);
    } catch (failure) {
      form.showMessage(uploadFailureText(failure));
    } finally {
      setUploading(false);
    }
  };
  const audio = values.files.find(isAudio);
  const documents = values.files.filter((file) => !isAudio(file));

  return (
    <EntityDialog
      opened={opened}
      onClose={onClose}
      title={reply ? t.editTitle : t.createTitle}
      size={600}
      form={form}
      saving={create.isPending || update.isPending}
      busy={uploading}
      submitLabel={t.save}
      cancelLabel={t.cancel}
      onSubmit={() =>
        form.submit((data) => {
          const values = inputOf(data);
          if (reply) update.mutate({ id: reply.id, values });
          else create.mutate({ scope, values });
        })
      }
    >
      <TextInput
        label={t.titleLabel}
        description={values.type === 'email' ? t.titleHintEmail : t.titleHint}
        withAsterisk
        value={values.title}
        maxLength={TITLE_MAX}
        onChange={(event) => form.set('title', event.currentTarget.value)}
        error={form.errorOf('title')}
        data-autofocus
      />
      <Input.Wrapper label={t.type} labelElement="div">
        <SegmentedControl
          mt={4}
          fullWidth
          aria-label={t.type}
          value={values.type}
          onChange={(value) => form.change({ type: value as ReplyType }, 'message')}
          data={TYPES.map((type) => ({ value: type, label: t.types[type]! }))}
        />
      </Input.Wrapper>
      {values.type === 'email' && (
        <TextInput
          label={t.subject}
          withAsterisk
          value={values.subject}
          maxLength={SUBJECT_MAX}
          onChange={(event) => form.set('subject', event.currentTarget.value)}
          error={form.errorOf('subject')}
        />
      )}
      {values.type === 'voice-note' && (
        <Input.Wrapper
          label={t.audio}
          labelElement="div"
          withAsterisk
          description={t.audioHint}
          error={form.errorOf('files')}
        >
          <Group gap="sm" mt={6} wrap="wrap">
            <FileButton onChange={(file) => void pickAudio(file)} accept="audio/*">
              {(props) => (
                <Button {...props} variant="light" size="xs" disabled={uploading}>
                  {audio ? t.audioReplace : t.audioPick}
                </Button>
              )}
            </FileButton>
            {uploading && (
              <Group gap={6}>
                <Loader size="xs" />
                <Text size="xs" c="dimmed">
                  {t.uploading}
                </Text>
              </Group>
            )}
            {audio && !uploading && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {audio.fileName}
              </Text>
            )}
          </Group>
          {audio && !uploading && (
            <audio
              controls
              preload="none"
              src={fileSrc(audio.url)}
              aria-label={audio.fileName}
              style={{ width: '100%', marginTop: 8 }}
            />
          )}
        </Input.Wrapper>
      )}
      {values.type === 'email' ? (
        <RichEditor
          label={t.body}
          value={values.message}
          onChange={(html) => form.set('message', html)}
          height={200}
          error={form.errorOf('message')}
        />
      ) : (
        <Textarea
          label={values.type === 'voice-note' ? t.messageOptional : t.message}
          description={t.messageHint}
          withAsterisk={values.type === 'message-text' && documents.length === 0}
          autosize
          minRows={4}
          maxRows={12}
          value={values.message}
          onChange={(event) => form.set('message', event.currentTarget.value)}
          error={form.errorOf('message')}
        />
      )}
      {values.type === 'message-text' && documents.length > 0 && (
        <Text size="xs" c="dimmed">
          {t.files}: {documents.map((file) => file.fileName).join(', ')}
        </Text>
      )}
    </EntityDialog>
  );
}
