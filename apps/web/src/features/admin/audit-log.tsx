import { Button, Stack, Text } from '@mantine/core';
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
import { DataTable } from '../../ui/data-table';
import type { AdminGroup } from './admin-types';

const text = es.admin.audit;
const channelText = es.channels;

/** A secret's label by its name (channel credentials are audited by name, never by value). */
const secretLabel = (name: string) => (channelText.secrets as Record<string, string>)[name] ?? name;

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
  if (field === 'type' && typeof value === 'string') {
    return (channelText.types as Record<string, string>)[value] ?? value;
  }
  if (field === 'scope' && typeof value === 'string') {
    return (es.settings.scopes as Record<string, string>)[value] ?? value;
  }
  if ((field === 'secrets' || field === 'secretsChanged') && Array.isArray(value)) {
    return value.length ? value.map((name) => secretLabel(String(name))).join(', ') : '—';
  }
  if (isFeatureFlag(field)) return value === 1 ? es.admin.flags.on : es.admin.flags.off;
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  return String(value);
}

function fieldLabel(field: string): string {
  if (isFeatureFlag(field)) return flagLabel(field);
  return text.fields[field] ?? (channelText.config as Record<string, string>)[field] ?? field;
}

/** Where a change came from: the caller's address, and its browser or client below. */
function Origin({ from }: { from: { ip: string | null; userAgent: string | null } }) {
  if (!from.ip && !from.userAgent) {
    return (
      <Text size="xs" c="dimmed">
        {text.unknownOrigin}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="xs">{from.ip ?? '—'}</Text>
      {from.userAgent && (
        <Text size="xs" c="dimmed" lineClamp={2} title={from.userAgent} maw={220}>
          {from.userAgent}
        </Text>
      )}
    </Stack>
  );
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
 * 'Historial de cambios': the audit log of the group (its own changes and its users'; on the
 * company's root group also its security rules, external system, channels), newest first: when,
 * who, what, the fields before and after and where from; 'Ver más' for older entries.
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
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const names = new Map(groups.map((each) => [each.id, each.displayName || each.name]));
  const groupName = (id: string) => names.get(id) ?? id;
  return (
    <Stack gap="sm">
      <DataTable
        query={log}
        items={entries}
        rowKey={(entry) => entry.id}
        label={es.admin.tabs.audit}
        minWidth={0}
        loadingRows={1}
        empty={text.empty}
        columns={[
          {
            key: 'when',
            header: text.when,
            cell: (entry) => <Text size="xs">{formatDateTime(entry.createdAt)}</Text>,
          },
          {
            key: 'who',
            header: text.who,
            cell: (entry) => <Text size="sm">{entry.actor.name}</Text>,
          },
          {
            key: 'what',
            header: text.what,
            cell: (entry) => (
              <>
                <Text size="sm">{text.actions[entry.action]}</Text>
                {entry.targetType in text.targets && (
                  <Text size="xs" c="dimmed">
                    {text.targets[entry.targetType as keyof typeof text.targets]}
                  </Text>
                )}
              </>
            ),
          },
          {
            key: 'before',
            header: text.before,
            cell: (entry) => <Fields values={entry.before} groupName={groupName} />,
          },
          {
            key: 'after',
            header: text.after,
            cell: (entry) => <Fields values={entry.after} groupName={groupName} />,
          },
          { key: 'from', header: text.from, cell: (entry) => <Origin from={entry.from} /> },
        ]}
      />
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
