import type { ReactNode } from 'react';
import { ActionIcon, FileButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { flagOn } from '@cartera/domain/policy';
import { PROFILE_PHOTO_ACCEPT } from '@cartera/domain/settings';
import { isAppClientError, userMessageOf } from '../../lib/errors';
import { uploadFailureText, uploadFile } from '../../lib/upload-file';
import { ExternalLinkIcon, TrashIcon, UserIcon } from '../../ui/icons';
import { useMe } from '../auth/session';
import { ContactAvatar } from './contact-avatar';
import { channelView, contactName, type ContactDetail } from './contact-format';
import { useContactChange } from './use-contact-change';

/**
 * The editor's head (03 §2.1 'avatar, name, call and channel buttons'): the photo or letter, the
 * name, the call button it is given and a button per social network; with `editable` and photos
 * not hidden, 'Cambiar foto' and 'Quitar foto'.
 */
export function ContactHead({
  contact,
  editable,
  call,
}: {
  contact: ContactDetail;
  editable: boolean;
  /** The call button (the conversation's, which logs the call). */
  call?: ReactNode;
}) {
  const me = useMe();
  const photosHidden = me ? flagOn(me, 'hideContactPhoto') : true;
  const name = contactName(contact);
  const buttons: {
    key: string;
    label: string;
    href: string;
    icon: ReactNode;
    external: boolean;
  }[] = [
    ...contact.channels.flatMap((channel, index) => {
      const view = channelView(channel);
      return view.href
        ? [
            {
              key: `channel-${index}`,
              label: view.account ? `${view.network}: ${view.account}` : view.network,
              href: view.href,
              icon: <ExternalLinkIcon size={16} />,
              external: true,
            },
          ]
        : [];
    }),
  ];
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <ContactAvatar contact={contact} size={52} />
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Text fw={600} truncate data-testid="details-name">
          {name}
        </Text>
        <Group gap={4} aria-label={es.contactEditor.channelsLabel} role="group">
          {call}
          {buttons.map((button) => (
            <Tooltip key={button.key} label={button.label} withArrow>
              <ActionIcon
                component="a"
                href={button.href}
                variant="light"
                size="md"
                aria-label={button.label}
                {...(button.external ? { target: '_blank', rel: 'noreferrer' } : {})}
              >
                {button.icon}
              </ActionIcon>
            </Tooltip>
          ))}
          {editable && !photosHidden && <PhotoButtons contact={contact} />}
        </Group>
      </Stack>
    </Group>
  );
}

/** 'Cambiar foto' (an image uploaded, then sent as the contact's photo) and 'Quitar foto'. */
function PhotoButtons({ contact }: { contact: ContactDetail }) {
  const { change, pending } = useContactChange(contact.id);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const stored = await uploadFile(file, { via: 'contact-photo' });
      return change({ photoPath: stored.path });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: es.contactEditor.photoFailed,
        message: isAppClientError(error) ? userMessageOf(error) : uploadFailureText(error),
      }),
  });
  return (
    <>
      <FileButton accept={PROFILE_PHOTO_ACCEPT} onChange={(file) => file && upload.mutate(file)}>
        {(props) => (
          <Tooltip label={es.contactEditor.changePhoto} withArrow>
            <ActionIcon
              {...props}
              variant="default"
              size="md"
              loading={upload.isPending}
              aria-label={es.contactEditor.changePhoto}
            >
              <UserIcon size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </FileButton>
      {contact.photo && (
        <Tooltip label={es.contactEditor.removePhoto} withArrow>
          <ActionIcon
            variant="default"
            size="md"
            loading={pending && !upload.isPending}
            aria-label={es.contactEditor.removePhoto}
            onClick={() =>
              change({ photoPath: null }).catch(() =>
                notifications.show({ color: 'red', message: es.contactEditor.photoFailed }),
              )
            }
          >
            <TrashIcon size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </>
  );
}
