import { Button, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { countryName, flagLabel } from '@cartera/domain/admin';
import { es } from '@cartera/domain/i18n';
import { isFeatureFlag } from '@cartera/domain/policy';
import {
  PRODUCT_TYPE_LABELS,
  ROLE_LABELS,
  USER_TYPE_LABELS,
  type ProductType,
  type Role,
  type UserType,
} from '@cartera/domain/roles';
import { useTRPC } from '../../lib/trpc';
import { formatDateTime } from '../../lib/dates';
import { QueryError } from '../../ui/query-error';
import type { AdminGroup } from './admin-page';

const text = es.admin.audit;

/** One audited value in Spanish: group ids by name, roles and flags by label, yes/no. */
function describeValue(field: string, value: unknown, groupName: (id: string) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? text.yes : text.no;
  if ((field === 'groupId' || field === 'parentId') && typeof value === 'string') {
    return groupName(value);
  }
  if (field === 'roles' && Array.isArray(value)) {
    return value.map((role) => ROLE_LABELS[role as Role] ?? String(role)).join(', ');
  }
  if (field === 'userType' && typeof value === 'string') {
    return USER_TYPE_LABELS[value as UserType] ?? value;
  }
  if (field === 'country' && typeof value === 'string') return countryName(value);
  if (field === 'productType' && typeof value === 'string') {
    return PRODUCT_TYPE_LABELS[value as ProductType] ?? value;
  }
  if (isFeatureFlag(field)) return value === 1 ? es.admin.flags.on : es.admin.flags.off;
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  return String(value);
}

function fieldLabel(field: string): string {
  return isFeatureFlag(field) ? flagLabel(field) : (text.fields[field] ?? field);
}

function Fields({
  values,
  groupName,
}: {
  values: Record<string, unknown> | null;
  groupName: (id: string) => string;
}) {
  const shown = Object.entries(values ?? {}).filter(
    ([field, value]) => isFeatureFlag(field) || (value !== null && value !== ''),
  );
  if (shown.length === 0) return <Text size="xs">—</Text>;
  return (
    <Stack gap={2}>
      {shown.map(([field, value]) => (
        <Text key={field} size="xs">
          <Text span size="xs" c="dimmed">
            {fieldLabel(field)}:
          </Text>{' '}
          {describeValue(field, value, groupName)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * 'Historial de cambios': the audit log of the group (its own changes and its users'), newest
 * first: when, who, what, and the fields before and after; 'Ver más' for older entries.
 */
export function AuditLog({ group, groups }: { group: AdminGroup; groups: AdminGroup[] }) {
  const trpc = useTRPC();
  const log = useInfiniteQuery(
    trpc.admin.audit.infiniteQueryOptions(
      { groupId: group.id },
      {
        initialCursor: undefined as string | undefined,
        getNextPageParam: (page) =>
          page.hasMore ? page.entries[page.entries.length - 1]?.id : undefined,
      },
    ),
  );
  if (log.isError && !log.data) return <QueryError query={log} maw={560} />;
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const names = new Map(groups.map((each) => [each.id, each.displayName || each.name]));
  const groupName = (id: string) => names.get(id) ?? id;
  return (
    <Stack gap="sm">
      <Paper withBorder radius="sm" style={{ overflowX: 'auto' }}>
        <Table verticalSpacing="xs" aria-label={es.admin.tabs.audit}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{text.when}</Table.Th>
              <Table.Th>{text.who}</Table.Th>
              <Table.Th>{text.what}</Table.Th>
              <Table.Th>{text.before}</Table.Th>
              <Table.Th>{text.after}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.isPending ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Skeleton h={18} />
                </Table.Td>
              </Table.Tr>
            ) : entries.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed">
                    {text.empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Text size="xs">{formatDateTime(entry.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.actor.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{text.actions[entry.action]}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Fields values={entry.before} groupName={groupName} />
                  </Table.Td>
                  <Table.Td>
                    <Fields values={entry.after} groupName={groupName} />
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Paper>
      {log.hasNextPage && (
        <Button
          size="xs"
          variant="default"
          loading={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
          style={{ alignSelf: 'center' }}
        >
          {text.more}
        </Button>
      )}
    </Stack>
  );
}
