import { Badge } from '@mantine/core';
import { es } from '@cartera/domain/i18n';

/** A group's badges beside its name: 'Empresa' on the company itself, 'Inactivo' when it is. */
export function GroupBadges({ group }: { group: { parentId: string | null; active: boolean } }) {
  return (
    <>
      {!group.parentId && (
        <Badge size="xs" variant="light">
          {es.admin.rootBadge}
        </Badge>
      )}
      {!group.active && (
        <Badge size="xs" color="gray" variant="light">
          {es.admin.inactiveBadge}
        </Badge>
      )}
    </>
  );
}
