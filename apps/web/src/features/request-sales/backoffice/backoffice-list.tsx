import { useMemo, useState } from 'react';
import { ActionIcon, Anchor, Badge, Menu, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import {
  allStatuses,
  statusColour,
  statusTitle,
  type StatusOption,
} from '@cartera/domain/request-sales';
import type { RouterOutputs } from '../../../lib/api-types';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useTRPC } from '../../../lib/trpc';
import { DateRangeFilter, dayRangeBounds } from '../../../ui/date-range-filter';
import { DataCell, DataRow, PagedTable } from '../../../ui/data-table';
import { ListFilters } from '../../../ui/list-toolbar';
import { fullNameOf } from '../../auth/session';
import { SellerSelect } from '../../pickers/seller-select';
import { RequestEditor } from '../request-editor';
import { BackofficeActionDialog, type BackofficeAction } from './backoffice-actions';
import type { BackofficeRequest } from './backoffice-request';

const texts = es.requestSalesOffice;
const TABLE_MIN_WIDTH = 1000;

type Template = RouterOutputs['requestSale']['templates'][number];

interface Filters {
  templateId: string | null;
  statusTypes: string[];
  sellerId: string | null;
  from: string | null;
  to: string | null;
}

const NO_FILTERS: Filters = {
  templateId: null,
  statusTypes: [],
  sellerId: null,
  from: null,
  to: null,
};

/** The statuses a filter offers: the known ones, renamed or extended by the templates' options. */
export function statusesOf(templates: readonly Pick<Template, 'statusOptions'>[]): StatusOption[] {
  const list = allStatuses({ statusOptions: [] });
  for (const template of templates)
    for (const option of allStatuses(template))
      if (!list.some((each) => each.status === option.status)) list.push(option);
  return list;
}

export function RequestStatusBadge({ statusType, title }: { statusType: string; title: string }) {
  return (
    <Badge color={statusColour(statusType)} variant="light" data-testid="request-status">
      {title}
    </Badge>
  );
}

/**
 * 'Solicitudes' of /comercial/requestsale (01 §4): the requests the user may see, newest first,
 * filtered by template, status, seller and creation days, 50 at a time ('Cargar más'); a row
 * opens the request in the request editor; commercial users assign an auditor, change the creator or force a status.
 */
export function BackofficeList({ commercial }: { commercial: boolean }) {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [open, setOpen] = useState<BackofficeRequest | null>(null);
  const [action, setAction] = useState<{
    kind: BackofficeAction;
    request: BackofficeRequest;
  } | null>(null);
  const templates = useQuery(
    trpc.requestSale.templates.queryOptions({ includeInactive: commercial }),
  );
  const sellers = useQuery(trpc.requestSale.sellers.queryOptions());
  const bounds = dayRangeBounds(filters);
  const list = useInfiniteQuery(
    trpc.requestSale.backoffice.infiniteQueryOptions(
      {
        templateId: filters.templateId ?? undefined,
        statusTypes: filters.statusTypes.length > 0 ? filters.statusTypes : undefined,
        sellerId: filters.sellerId ?? undefined,
        from: bounds.from,
        to: bounds.to,
      },
      {
        getNextPageParam: (page) => page.nextCursor ?? undefined,
        placeholderData: keepPreviousData,
      },
    ),
  );
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const templateList = useMemo(() => templates.data ?? [], [templates.data]);
  const statuses = useMemo(() => {
    const chosen = templateList.filter((each) => each.id === filters.templateId);
    return statusesOf(chosen.length > 0 ? chosen : templateList);
  }, [templateList, filters.templateId]);
  const optionsOf = (templateId: string) =>
    templateList.find((each) => each.id === templateId)?.statusOptions;
  const filtering =
    filters.templateId !== null ||
    filters.statusTypes.length > 0 ||
    Boolean(filters.sellerId || filters.from || filters.to);
  const change = (next: Partial<Filters>) => setFilters((current) => ({ ...current, ...next }));
  const nameOf = (request: BackofficeRequest) =>
    request.contact
      ? `${request.contact.firstName} ${request.contact.lastName}`.trim()
      : texts.noContact;

  return (
    <Stack gap="md">
      <ListFilters
        filtering={filtering}
        clearLabel={texts.filters.clear}
        onClear={() => setFilters(NO_FILTERS)}
      >
        <Select
          aria-label={texts.filters.template}
          placeholder={texts.filters.allTemplates}
          data={templateList.map((template) => ({ value: template.id, label: template.title }))}
          value={filters.templateId}
          onChange={(next) => change({ templateId: next })}
          clearable
          w={220}
        />
        <MultiSelect
          aria-label={texts.filters.status}
          placeholder={filters.statusTypes.length ? undefined : texts.filters.status}
          data={statuses.map((option) => ({ value: option.status, label: option.title }))}
          value={filters.statusTypes}
          onChange={(next) => change({ statusTypes: next })}
          clearable
          w={240}
        />
        <SellerSelect
          aria-label={texts.filters.seller}
          placeholder={texts.filters.allSellers}
          sellers={sellers.data}
          value={filters.sellerId}
          onChange={(next) => change({ sellerId: next })}
          clearable
          w={220}
        />
        <DateRangeFilter
          value={filters}
          onChange={change}
          fromLabel={texts.filters.from}
          toLabel={texts.filters.to}
        />
      </ListFilters>

      <PagedTable
        list={list}
        loadMoreLabel={texts.loadMore}
        items={items}
        label={texts.title}
        minWidth={TABLE_MIN_WIDTH}
        columns={[
          { key: 'template', header: texts.columns.template },
          { key: 'contact', header: texts.columns.contact },
          { key: 'seller', header: texts.columns.seller, visibleFrom: 'md' },
          { key: 'creator', header: texts.columns.creator, visibleFrom: 'md' },
          { key: 'status', header: texts.columns.status },
          { key: 'created', header: texts.columns.created },
          { key: 'updated', header: texts.columns.updated, visibleFrom: 'md' },
          ...(commercial
            ? [{ key: 'actions', header: texts.columns.actions, hideHeader: true, width: 56 }]
            : []),
        ]}
        empty={
          <Text c="dimmed" ta="center" py="xl" data-testid="requests-empty">
            {filtering ? texts.noResults : texts.empty}
          </Text>
        }
        row={(request) => {
          const name = nameOf(request);
          return (
            <DataRow
              key={request.id}
              style={{ cursor: 'pointer' }}
              data-testid="request-row"
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a, button, [role="menu"]')) return;
                setOpen(request);
              }}
            >
              <DataCell>
                <Text size="sm">{request.template.title}</Text>
              </DataCell>
              <DataCell>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  fw={600}
                  ta="left"
                  aria-label={format(texts.openRequest, { name })}
                  onClick={() => setOpen(request)}
                >
                  {name}
                </Anchor>
              </DataCell>
              <DataCell visibleFrom="md">
                <Text size="sm">
                  {request.seller ? fullNameOf(request.seller) : texts.noSeller}
                </Text>
              </DataCell>
              <DataCell visibleFrom="md">
                <Text size="sm">{fullNameOf(request.creator)}</Text>
              </DataCell>
              <DataCell style={{ minWidth: 140 }}>
                <Stack gap={2} align="flex-start">
                  <RequestStatusBadge
                    statusType={request.statusType}
                    title={
                      request.status ||
                      statusTitle(request.statusType, optionsOf(request.template.id))
                    }
                  />
                  {request.auditor && (
                    <Text size="xs" c="dimmed" data-testid="request-auditor">
                      {format(texts.audited, { name: fullNameOf(request.auditor) })}
                    </Text>
                  )}
                </Stack>
              </DataCell>
              <DataCell>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(request.createdAt)}
                </Text>
              </DataCell>
              <DataCell visibleFrom="md">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(request.updatedAt)}
                </Text>
              </DataCell>
              {commercial && (
                <DataCell>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" aria-label={texts.actions.menu}>
                        ⋯
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => setAction({ kind: 'audit', request })}>
                        {texts.actions.audit}
                      </Menu.Item>
                      <Menu.Item onClick={() => setAction({ kind: 'creator', request })}>
                        {texts.actions.creator}
                      </Menu.Item>
                      <Menu.Item onClick={() => setAction({ kind: 'force', request })}>
                        {texts.actions.force}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </DataCell>
              )}
            </DataRow>
          );
        }}
      />

      <RequestEditor
        target={open ? { requestId: open.id } : null}
        contactId={open?.contactId ?? null}
        onClose={() => setOpen(null)}
      />
      <BackofficeActionDialog
        key={action ? `${action.kind}-${action.request.id}` : 'none'}
        action={action?.kind ?? null}
        request={action?.request ?? null}
        name={action ? nameOf(action.request) : ''}
        statuses={
          action ? allStatuses({ statusOptions: optionsOf(action.request.template.id) ?? [] }) : []
        }
        onClose={() => setAction(null)}
      />
    </Stack>
  );
}
