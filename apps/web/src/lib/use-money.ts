import { useQuery } from '@tanstack/react-query';
import { formatMoney } from './format';
import { useTRPC } from './trpc';

/** The amount formatter of the signed-in user's company (its country, from `auth.me`). */
export function useMoney(): (value: number) => string {
  const trpc = useTRPC();
  const country = useQuery(trpc.auth.me.queryOptions()).data?.tenant.country;
  return (value) => formatMoney(value, country);
}
