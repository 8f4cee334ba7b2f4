import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZActionsHistoryFilters,
  ZActionsHistoryInput,
  ZActionsHistoryPage,
  type ActionsHistoryEntry,
} from '@cartera/domain/actions-history';
import { es } from '@cartera/domain/i18n';
import { COMPANY_TIME_ZONE, zoneOffset } from '@cartera/domain/time-zone';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { sheetText } from '../../lib/sheet-cells';
import { workbookStream, XLSX_TYPE, type SheetColumn } from '../../lib/xlsx-stream';
import {
  actionsHistoryBatches,
  countActionsHistory,
  listActionsHistory,
} from './actions-history.service';

const texts = es.actionsHistory;
const AREA = { area: '/actionsHistory' };
const BATCH = 1000;

const COLUMNS: SheetColumn[] = [
  { header: texts.columns.when, key: 'when', width: 20, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
  { header: texts.columns.who, key: 'who', width: 28 },
  { header: texts.columns.action, key: 'action', width: 26 },
  { header: texts.columns.record, key: 'record', width: 30 },
  { header: texts.columns.detail, key: 'detail', width: 40 },
];

/** The record column: a contact's or user's name, or what kind of record it was. */
function recordText(entry: ActionsHistoryEntry) {
  if (!entry.record) return null;
  if (entry.record.name) return entry.record.name;
  return entry.record.type === 'contact' ? texts.hiddenContact : texts.deletedRecord;
}

/** One row of the workbook; names and details go through sheetText (no formula once opened). */
function rowOf(entry: ActionsHistoryEntry) {
  const at = entry.at.getTime();
  return {
    // Excel has no time zones: the moment as the company's clock reads it.
    when: new Date(at + zoneOffset(at, COMPANY_TIME_ZONE)),
    who: sheetText(entry.user?.name ?? texts.deletedUser),
    action: sheetText(entry.label),
    record: sheetText(recordText(entry)),
    detail: sheetText(entry.detail),
  };
}

/** GET /actionsHistory and its workbook: the same service as `actionsHistory.list`. */
export function registerActionsHistoryRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'GET',
    url: '/api/actionsHistory',
    tags: ['actionsHistory'],
    summary:
      "'Historial de acciones': what the users the caller reaches did, newest first, 50 a page (`cursor`: the last entry's id)",
    auth: 'session',
    access: { ...AREA, procedure: 'actionsHistory.list' },
    querystring: ZActionsHistoryInput,
    response: ZActionsHistoryPage,
    handler: ({ session, query }) => listActionsHistory(deps.db, session.user, query),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/actionsHistory/excel',
    tags: ['actionsHistory'],
    summary:
      'The history of the same filters as GET /api/actionsHistory (without cursor) as an .xlsx workbook, newest first, streamed as it is written (no Content-Length): `X-Total-Count` says how many rows it will hold, for a progress bar',
    auth: 'session',
    access: { ...AREA, procedure: 'actionsHistory.list' },
    querystring: ZActionsHistoryFilters,
    response: z.unknown(),
    file: XLSX_TYPE,
    handler: async ({ session, query, reply }) => {
      const day = new Date().toISOString().slice(0, 10);
      const total = await countActionsHistory(deps.db, session.user, query);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="historial-de-acciones-${day}.xlsx"`)
        .header('x-total-count', String(total))
        .header('access-control-expose-headers', 'X-Total-Count')
        .header('cache-control', 'no-store')
        .send(
          workbookStream(
            { title: texts.title, columns: COLUMNS },
            (signal) => actionsHistoryBatches(deps.db, session.user, query, BATCH, signal),
            rowOf,
          ),
        );
    },
  });
}
