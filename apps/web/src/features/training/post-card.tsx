import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Divider,
  FileInput,
  Group,
  Menu,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { AudienceFields, type Audience } from './audience-fields';
import type { TrainingMedia } from '@cartera/domain/training';
import { formatDateTime } from '../../lib/dates';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useUploads } from '../../lib/use-uploads';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormActions } from '../../ui/form-actions';
import { PencilIcon, TrashIcon, XIcon } from '../../ui/icons';
import { UserAvatar } from '../../ui/user-avatar';
import { fullNameOf } from '../auth/session';
import { PostComments } from './post-comments';
import { ReactionBar } from './reaction-bar';
import type { CoachPost } from './use-training';
import { fileSrc } from '../../lib/file-url';

const texts = es.training;

/** 'Crear/Modificar publicación' (03 §2.3): title, content and the roles it reaches. */
export function PostDialog({ post, onClose }: { post?: CoachPost; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(post?.title ?? '');
  const [content, setContent] = useState(post?.content ?? '');
  const [audience, setAudience] = useState<Audience>({
    roles: post?.audience.roles ?? [],
    groupIds: post?.audience.groupIds ?? [],
    userIds: post?.audience.userIds ?? [],
  });
  const [media, setMedia] = useState<TrainingMedia[]>(post?.media ?? []);
  const uploads = useUploads('training');
  const { progress, error: uploadError } = uploads;
  const attach = (files: File[]) =>
    uploads.upload(files, (stored) =>
      setMedia((current) => [
        ...current,
        { name: stored.name, url: stored.url, mimeType: stored.mimeType, size: stored.size },
      ]),
    );
  const options = {
    onSuccess: () => {
      void queryClient.invalidateQueries(trpc.training.posts.pathFilter());
      void queryClient.invalidateQueries(trpc.training.post.pathFilter());
      onClose();
    },
  };
  const create = useMutation(trpc.training.createPost.mutationOptions(options));
  const update = useMutation(trpc.training.updatePost.mutationOptions(options));
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const values = {
    title,
    content,
    media,
    audience,
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={post ? texts.post.editTitle : texts.post.createTitle}
      size="lg"
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (post) update.mutate({ id: post.id, data: values });
          else create.mutate(values);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={texts.post.title}
            required
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <Textarea
            label={texts.post.content}
            required
            autosize
            minRows={4}
            value={content}
            onChange={(event) => setContent(event.currentTarget.value)}
          />
          <AudienceFields value={audience} onChange={setAudience} />
          <FileInput
            label={texts.post.media}
            multiple
            value={[]}
            onChange={(files) => void attach(files)}
          />
          {media.map((file) => (
            <Group key={file.url} gap="xs" justify="space-between">
              <Text size="sm">{file.name}</Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`${texts.post.removeMedia}: ${file.name}`}
                onClick={() => setMedia((current) => current.filter((each) => each !== file))}
              >
                <XIcon size={14} />
              </ActionIcon>
            </Group>
          ))}
          {progress !== null && <Progress value={progress * 100} aria-label={texts.post.media} />}
          {(uploadError || failure) && (
            <Alert color="red" variant="light" role="alert">
              {uploadError ?? userMessageOf(failure)}
            </Alert>
          )}
          <FormActions
            cancelLabel={es.fields.cancel}
            onCancel={onClose}
            submitLabel={post ? texts.post.edit : texts.post.create}
            loading={saving}
            disabled={!title.trim() || !content.trim() || progress !== null}
            mt="xs"
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** A coach post: author, date, title, content, files, reactions and comments. */
export function PostCard({ post, canManage }: { post: CoachPost; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation(
    trpc.training.deletePost.mutationOptions({
      onSuccess: () => {
        setDeleting(false);
        void queryClient.invalidateQueries(trpc.training.posts.pathFilter());
      },
    }),
  );
  const author = fullNameOf(post.agent);
  const titleId = `post-${post.id}`;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <UserAvatar user={{ photo: post.agent.photo, color: null }} name={author} size={36} />
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {author}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(post.createdAt)}
              </Text>
            </Stack>
          </Group>
          {canManage && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={texts.post.edit}>
                  <PencilIcon size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<PencilIcon size={14} />} onClick={() => setEditing(true)}>
                  {texts.post.edit}
                </Menu.Item>
                <Menu.Item
                  color="red"
                  leftSection={<TrashIcon size={14} />}
                  onClick={() => setDeleting(true)}
                >
                  {texts.post.delete}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <Title order={3} fz="md" id={titleId}>
          {post.title}
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {post.content}
        </Text>
        {post.media.length > 0 && (
          <Stack gap={2}>
            {post.media.map((file) => (
              <Anchor
                key={file.url}
                href={fileSrc(file.url)}
                target="_blank"
                rel="noreferrer"
                size="sm"
              >
                {file.name}
              </Anchor>
            ))}
          </Stack>
        )}
        <ReactionBar post={post} />
        <Divider />
        <PostComments post={post} canManage={canManage} />
      </Stack>
      {editing && <PostDialog post={post} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        opened={deleting}
        title={texts.post.deleteTitle}
        loading={remove.isPending}
        error={remove.isError ? userMessageOf(remove.error) : null}
        onConfirm={() => remove.mutate({ id: post.id })}
        onClose={() => setDeleting(false)}
      />
    </Paper>
  );
}
