import {
  dayParam,
  fieldFiltersParam,
  idParam,
  searchParams,
  textParam,
} from '../../lib/search-params';
import type { ContactListFilters } from './contact-filters';

/**
 * The address of the contacts list and the contact map (issue #44 item 1), which share it:
 * `search` is the search box; `statusTag`, `origin`, `agentId`, `companyId`, `filters` (custom
 * fields, 02 §7 Lists) and `activeFrom`–`activeTo` (days with timeline activity: a
 * 'Rendimiento' figure's contacts, issue #35) the filters. All survive a reload.
 */
export const validateContactListSearch = searchParams({
  search: textParam(),
  statusTag: textParam(60),
  origin: textParam(60),
  agentId: idParam(),
  companyId: idParam(),
  filters: fieldFiltersParam(),
  activeFrom: dayParam(),
  activeTo: dayParam(),
});

export type ContactListSearch = ReturnType<typeof validateContactListSearch>;

/** The filters the address holds, as the filter row edits them. */
export function filtersOfSearch(search: ContactListSearch): ContactListFilters {
  const { search: _text, filters, ...chosen } = search;
  return { ...chosen, filters: filters ?? [] };
}

/** The address after a change of the filters (the search box keeps its own). */
export function searchWithFilters(
  current: ContactListSearch,
  next: ContactListFilters,
): ContactListSearch {
  return {
    ...current,
    statusTag: next.statusTag,
    origin: next.origin,
    agentId: next.agentId,
    companyId: next.companyId,
    activeFrom: next.activeFrom,
    activeTo: next.activeTo,
    filters: next.filters.length > 0 ? next.filters : undefined,
  };
}
