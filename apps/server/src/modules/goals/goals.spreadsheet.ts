import ExcelJS from 'exceljs';
import type { Database } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { es, format } from '@cartera/domain/i18n';
import {
  addDays,
  DASHBOARD_METRICS,
  GOAL_METRICS,
  weekStart,
  type GoalMetric,
} from '@cartera/domain/metrics';
import { readZip, storedZip, ZipReadError } from '../../lib/bounded-zip';
import { sheetRow } from '../../lib/sheet-cells';
import { idsOf } from '../access/sellers';
import type { AuthUser } from '../sessions/session.types';
import { findGoals, upsertGoal } from './goals.repository';
import { groupSellers, type Dashboard } from './goals.service';

/*
 * The goals spreadsheet round trip (issue #16 §4): a template of the chosen sellers and weeks
 * to fill in, and its upload, stored whole or not at all, with what was wrong row by row.
 */

const texts = es.goals.spreadsheet;
const HEADERS = [
  texts.week,
  texts.sellerId,
  texts.seller,
  texts.group,
  ...GOAL_METRICS.map((metric) => es.goals.metrics[metric]),
];
/** A template covers at most this many weeks, and an upload this many rows. */
export const MAX_TEMPLATE_WEEKS = 12;
const MAX_ROWS = 5_000;
const MAX_TARGET = 1_000_000;
/**
 * What an upload may hold once inflated: a filled template of MAX_ROWS rows is about 2 MB of
 * XML compressed about 11 to 1; a zip bomb declares or hides hundreds of megabytes at 1,000 to 1.
 */
export const UPLOAD_ZIP_LIMITS = {
  maxTotalBytes: 32 * 1024 * 1024,
  maxRatio: 200,
  maxEntries: 500,
};

/** The template: a row per seller and week, with the goals already set. */
export async function goalsTemplate(
  db: Database,
  user: AuthUser,
  input: { groupId: string; start: string; weeks: number; userIds: string[] },
) {
  if (weekStart(input.start) !== input.start) throw new DomainError('GOAL_WEEK_INVALID');
  const sellers = (await groupSellers(db, user, input.groupId)).filter(
    (seller) => !input.userIds.length || input.userIds.includes(seller.id),
  );
  const last = addDays(input.start, 7 * (input.weeks - 1));
  const stored = await findGoals(db, user.tenantId, idsOf(sellers), input.start, last);
  const targetsOf = new Map(stored.map((goal) => [`${goal.userId}|${goal.start}`, goal.targets]));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(texts.sheet);
  sheet.addRow(sheetRow(HEADERS));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column, index) => {
    column.width = index === 1 ? 38 : index === 2 || index === 3 ? 24 : 18;
  });
  for (let week = 0; week < input.weeks; week += 1) {
    const start = addDays(input.start, 7 * week);
    for (const seller of sellers) {
      const targets = targetsOf.get(`${seller.id}|${start}`) ?? {};
      sheet.addRow(
        sheetRow([
          start,
          seller.id,
          `${seller.name} ${seller.lastname}`.trim(),
          seller.groupName,
          ...GOAL_METRICS.map((metric) => targets[metric] ?? null),
        ]),
      );
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface RejectedRow {
  row: number;
  seller: string;
  errors: string[];
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object' && 'result' in value)
    return cellText(value.result as ExcelJS.CellValue);
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  return String(value).trim();
}

/** A week typed as AAAA-MM-DD or DD/MM/AAAA (or a date cell). */
function dayOf(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const local = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const day = iso
    ? text
    : local
      ? `${local[3]}-${local[2]!.padStart(2, '0')}-${local[1]!.padStart(2, '0')}`
      : null;
  if (!day || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return null;
  return new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day ? day : null;
}

/**
 * Counts the row elements of a worksheet's XML as it is inflated (a tag may straddle two
 * chunks), and stops the reading once a sheet passes the template's row limit.
 */
function rowLimit() {
  const rows = new Map<string, number>();
  const tails = new Map<string, string>();
  return (name: string, chunk: Buffer) => {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(name)) return;
    const tail = tails.get(name) ?? '';
    const text = tail + chunk.toString('latin1');
    let count = rows.get(name) ?? 0;
    for (const match of text.matchAll(/<(?:\w+:)?row[\s>/]/g)) {
      if (match.index + match[0].length > tail.length) count += 1;
    }
    if (count > MAX_ROWS + 1) throw new DomainError('GOAL_FILE_INVALID');
    rows.set(name, count);
    tails.set(name, text.slice(-16));
  };
}

/**
 * The uploaded workbook, read within UPLOAD_ZIP_LIMITS and the row limit before exceljs sees
 * it: exceljs gets the contents already inflated (stored), so it inflates nothing itself.
 */
async function loadUpload(file: Buffer) {
  let contents: Map<string, Buffer>;
  try {
    contents = await readZip(file, UPLOAD_ZIP_LIMITS, rowLimit());
  } catch (error) {
    if (!(error instanceof ZipReadError)) throw error;
    if (error.kind === 'invalid') throw new DomainError('GOAL_FILE_INVALID');
    throw new DomainError('FILE_INFLATED_TOO_LARGE', {
      maxMegabytes: UPLOAD_ZIP_LIMITS.maxTotalBytes / (1024 * 1024),
      inflatedBytes: error.inflatedBytes,
    });
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(storedZip(contents) as unknown as ArrayBuffer);
  } catch {
    throw new DomainError('GOAL_FILE_INVALID');
  }
  return workbook;
}

/**
 * Reads an uploaded template and stores its goals, all of them or none: a file that is not a
 * workbook of the template is GOAL_FILE_INVALID; a row with a mistake is reported (row number,
 * seller, what is wrong) and then no row is stored. Sellers are those of the group's subtree the
 * caller may look at.
 */
export async function importGoals(db: Database, user: AuthUser, groupId: string, file: Buffer) {
  const workbook = await loadUpload(file);
  const sheet = workbook.worksheets[0];
  const header = sheet
    ? HEADERS.map((_, index) => cellText(sheet.getRow(1).getCell(index + 1).value))
    : [];
  if (!sheet || header.join('\u0000') !== HEADERS.join('\u0000') || sheet.rowCount > MAX_ROWS + 1) {
    throw new DomainError('GOAL_FILE_INVALID');
  }
  const sellers = new Map(
    (await groupSellers(db, user, groupId)).map((seller) => [seller.id, seller]),
  );
  const rejected: RejectedRow[] = [];
  const goals: Array<{ userId: string; start: string; targets: Record<string, number> }> = [];
  const seen = new Set<string>();
  for (let number = 2; number <= sheet.rowCount; number += 1) {
    const cells = HEADERS.map((_, index) =>
      cellText(sheet.getRow(number).getCell(index + 1).value),
    );
    if (cells.every((cell) => cell === '')) continue;
    const errors: string[] = [];
    const start = dayOf(cells[0]!);
    if (!start || weekStart(start) !== start) errors.push(texts.errors.week);
    const seller = sellers.get(cells[1]!);
    if (!seller) errors.push(texts.errors.seller);
    const targets: Record<string, number> = {};
    GOAL_METRICS.forEach((metric: GoalMetric, index) => {
      const text = cells[4 + index]!;
      if (text === '') return;
      const value = Number(text);
      if (!Number.isInteger(value) || value < 0 || value > MAX_TARGET) {
        errors.push(format(texts.errors.target, { metric: es.goals.metrics[metric] }));
      } else {
        targets[metric] = value;
      }
    });
    const key = `${cells[1]}|${start}`;
    if (start && seller && seen.has(key)) errors.push(texts.errors.repeated);
    seen.add(key);
    if (errors.length) {
      rejected.push({ row: number, seller: cells[2] || cells[1] || '', errors });
    } else {
      goals.push({ userId: seller!.id, start: start!, targets });
    }
  }
  if (rejected.length) return { stored: 0, rejected };
  await db.transaction(async (tx) => {
    for (const goal of goals) await upsertGoal(tx, { tenantId: user.tenantId, ...goal });
  });
  return { stored: goals.length, rejected };
}

/** The ranking of the dashboard as a workbook: a row per seller with every figure. */
export async function dashboardWorkbook(board: Dashboard) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(es.goals.ranking.title);
  const metrics = DASHBOARD_METRICS;
  sheet.addRow(
    sheetRow([
      es.goals.ranking.seller,
      es.goals.ranking.group,
      ...metrics.map((metric) => es.goals.metrics[metric]),
      es.goals.goals.title,
    ]),
  );
  sheet.getRow(1).font = { bold: true };
  for (const seller of board.sellers) {
    sheet.addRow(
      sheetRow([
        `${seller.name} ${seller.lastname}`.trim(),
        seller.groupName,
        ...metrics.map((metric) => seller.figures[metric]),
        seller.goal?.status ? es.goals.goals.status[seller.goal.status] : null,
      ]),
    );
  }
  sheet.columns.forEach((column, index) => {
    column.width = index < 2 ? 26 : 16;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
