import type { ClipboardEvent } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { PASTED_MEDIA_TYPES } from '@cartera/domain/composer';
import { mimeTypeOfName } from '@cartera/domain/files';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../../lib/trpc';
import type { NoteAttachmentsState } from './attachments';
import type { Mode } from './starting-mode';

const c = es.conversation.composer;

/**
 * The text box's paste (02 §5, §8): a pasted png, jpg, jpeg or mp4 becomes an attachment where
 * files are allowed; in a channel message a pasted link to a file too. A paste that cannot be
 * read is logged.
 */
export function useComposerPaste({
  current,
  mayAttach,
  files,
  channelFiles,
}: {
  current: Mode;
  /** Whether the current mode takes files. */
  mayAttach: boolean;
  /** The current mode's files. */
  files: NoteAttachmentsState;
  /** The channel message's files. */
  channelFiles: NoteAttachmentsState;
}) {
  const trpc = useTRPC();
  const downloadFile = useMutation(trpc.file.fromUrl.mutationOptions());

  /**
   * 02 §8: a pasted link to a file (its name ends in an attachment type's extension) is brought
   * by the server and attached; other links are pasted as text.
   */
  const pasteUrl = (pasted: string): boolean => {
    const link = pasted.trim();
    if (!/^https?:\/\/\S+$/i.test(link)) return false;
    let name: string;
    try {
      name = decodeURIComponent(new URL(link).pathname.split('/').at(-1) ?? '');
    } catch {
      return false;
    }
    if (!mimeTypeOfName(name)) return false;
    channelFiles
      .addDownload(name, () => downloadFile.mutateAsync({ url: link }))
      .catch(() =>
        notifications.show({
          color: 'red',
          title: c.downloadFailedTitle,
          message: format(c.downloadFailed, { url: link }),
        }),
      );
    return true;
  };

  return (event: ClipboardEvent<HTMLTextAreaElement>) => {
    if (!mayAttach) return;
    try {
      const pasted = Array.from(event.clipboardData.files).filter((file) =>
        PASTED_MEDIA_TYPES.has(file.type),
      );
      if (pasted.length > 0) {
        event.preventDefault();
        files.add(pasted);
        return;
      }
      if (current === 'channel' && pasteUrl(event.clipboardData.getData('text/plain'))) {
        event.preventDefault();
      }
    } catch (error) {
      console.error(c.clipboardFailed, error);
    }
  };
}
