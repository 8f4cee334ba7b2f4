import { useQuery } from '@tanstack/react-query';
import { currencySymbol, formatMoney } from './format';
import { useTRPC } from './trpc';

/** The amount formatter of the signed-in user's company (its country, from `auth.me`). */
export function useMoney(): (value: number) => string {
  const country = useCompanyCountry();
  return (value) => formatMoney(value, country);
}

/** The sign of the signed-in company's currency ('$' in Uruguay, '₲' in Paraguay). */
export function useCurrencySymbol(): string {
  return currencySymbol(useCompanyCountry());
}

function useCompanyCountry(): string | undefined {
  const trpc = useTRPC();
  return useQuery(trpc.auth.me.queryOptions()).data?.tenant.country;
}
