import { Avatar } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import { fileSrc } from '../../lib/file-url';
import { avatarColor, contactName } from './contact-format';

/**
 * A contact's picture (03 §2.1 header, the detail panel, the inbox rows), or the first letter of
 * its name in the spec's letter colour. The server answers no photo while the company hides
 * contact photos (`hideContactPhoto`), so none shows then.
 */
export function ContactAvatar({
  contact,
  size = 38,
}: {
  contact: { firstName: string; lastName: string; photo: string | null };
  size?: number;
}) {
  const name = contactName(contact);
  const letter = name.charAt(0).toUpperCase();
  return (
    <Avatar
      src={fileSrc(contact.photo)}
      color={avatarColor(name)}
      size={size}
      radius="xl"
      alt={contact.photo ? format(es.contactEditor.photoOf, { name }) : ''}
      data-testid="contact-avatar"
      data-photo={contact.photo ? 'true' : 'false'}
    >
      {letter}
    </Avatar>
  );
}
