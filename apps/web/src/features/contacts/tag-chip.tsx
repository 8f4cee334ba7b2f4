import { Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { CATALOG_STALE_MS } from '../../lib/query-client';

/** The status tags the user may pick, by code. */
export function useTags() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.catalog.tags.queryOptions(), staleTime: CATALOG_STALE_MS });
}

/** The origins the user may pick, by code. */
export function useOrigins() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.catalog.origins.queryOptions(), staleTime: CATALOG_STALE_MS });
}

/** The name of an origin code (the code itself when the catalogue does not list it). */
export function useOriginName(code: string | null): string | null {
  const origins = useOrigins();
  if (!code) return null;
  return origins.data?.find((origin) => origin.code === code)?.name ?? code;
}

/** A contact's status tag as a chip in the tag's own colour; '—' without one. */
export function TagChip({ code }: { code: string | null }) {
  const tags = useTags();
  if (!code) {
    return (
      <Text span size="sm" c="dimmed">
        {es.fields.emptyValue}
      </Text>
    );
  }
  const tag = tags.data?.find((each) => each.code === code);
  return (
    <Badge
      color={tag?.color ?? 'gray'}
      variant={tag ? 'filled' : 'light'}
      autoContrast
      radius="sm"
      tt="none"
      fw={600}
      maw="100%"
    >
      {tag?.name ?? code}
    </Badge>
  );
}
