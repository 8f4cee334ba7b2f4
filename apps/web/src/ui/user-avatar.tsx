import { Avatar } from '@mantine/core';
import { fileSrc } from '../lib/file-url';

/** A user's photo, or their initials in their colour (the user menu, home, 'Mi perfil'). */
export function UserAvatar({
  user,
  name,
  size = 32,
}: {
  user: { photo: string | null; color: string | null };
  /** The user's full name: the initials without a photo. */
  name: string;
  size?: number;
}) {
  return (
    <Avatar
      src={fileSrc(user.photo)}
      name={name}
      color={user.color ?? 'initials'}
      size={size}
      radius="xl"
      alt=""
    />
  );
}
