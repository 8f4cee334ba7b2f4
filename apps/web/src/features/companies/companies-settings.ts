import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';

export type CompaniesSettings = RouterOutputs['company']['settings'];
export type Company = RouterOutputs['company']['list']['items'][number];
export type CompanyDetail = RouterOutputs['company']['get'];

/** The default company fields the tenant may relabel, hide or require (configs.companies). */
export type DefaultFieldKey =
  'displayName' | 'taxCode' | 'description' | 'origin' | 'direction' | 'hasSectors';

/** Titles rarely change: kept for a few minutes. */
export const SETTINGS_STALE_MS = 5 * 60_000;

/** The tenant's singular and plural titles, panel label, tax-code label and default fields. */
export function useCompaniesSettings() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.company.settings.queryOptions(), staleTime: SETTINGS_STALE_MS });
}

/** A default field's label: the tenant's own, or ours. */
export function defaultFieldLabel(
  settings: CompaniesSettings,
  field: DefaultFieldKey,
  fallback: string,
): string {
  return settings.defaultFields[field]?.label?.trim() || fallback;
}

export function isDefaultFieldHidden(settings: CompaniesSettings, field: DefaultFieldKey) {
  return settings.defaultFields[field]?.hidden === true;
}
