import { useQuery } from '@tanstack/react-query';
import type { RequestViewer } from '@cartera/domain/request-sales';
import { useTRPC } from '../../lib/trpc';

/**
 * The signed-in user as the template rules see them (`requestSale.viewer`: roles, additional data
 * for the options' filters, flows for the locked fields), so the editor reaches the server's
 * verdict before saving. Null until it has loaded.
 */
export function useRequestViewer(): RequestViewer | null {
  const trpc = useTRPC();
  const viewer = useQuery({ ...trpc.requestSale.viewer.queryOptions(), staleTime: 5 * 60_000 });
  return viewer.data ?? null;
}
