import type { ComponentType } from 'react';
import { Avatar } from '@mantine/core';
import type { Shortcut, ShortcutIcon } from '@cartera/domain/shortcuts';
import {
  BuildingIcon,
  CalendarIcon,
  CartIcon,
  ChartBarIcon,
  LinkIcon,
  MapPinIcon,
  PhoneIcon,
  ReportIcon,
  UsersIcon,
  type IconProps,
} from './icons';
import { fileSrc } from '../lib/file-url';

const ICONS: Record<ShortcutIcon, ComponentType<IconProps>> = {
  link: LinkIcon,
  calendar: CalendarIcon,
  cart: CartIcon,
  file: ReportIcon,
  users: UsersIcon,
  building: BuildingIcon,
  map: MapPinIcon,
  chart: ChartBarIcon,
  phone: PhoneIcon,
};

/** The picture of an avatar icon by its name (the editor's icon picker draws them too). */
export function ShortcutIconGlyph({ name, size = 16 }: { name: ShortcutIcon; size?: number }) {
  const Glyph = ICONS[name];
  return <Glyph size={size} />;
}

/**
 * A shortcut's avatar (03 §3): its icon, the picture of its link, or the link icon when it has
 * none. Decorative: the shortcut's title names it.
 */
export function ShortcutAvatar({
  avatar,
  size = 20,
}: {
  avatar: Shortcut['avatar'];
  size?: number;
}) {
  if (avatar?.type === 'link') {
    return (
      <Avatar src={fileSrc(avatar.url)} alt="" size={size} radius="sm">
        <LinkIcon size={size * 0.7} />
      </Avatar>
    );
  }
  return (
    <Avatar size={size} radius="sm" color="blue" variant="light" aria-hidden>
      <ShortcutIconGlyph name={avatar?.type === 'icon' ? avatar.url : 'link'} size={size * 0.7} />
    </Avatar>
  );
}
