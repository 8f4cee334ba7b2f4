import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { users } from '@cartera/db/schema';
import { es } from '@cartera/domain/i18n';
import { addDays, metricsDay, weekStart } from '@cartera/domain/metrics';
import { useDemoApp } from '../../testing/demo-app';
import { workbookBomb } from '../../testing/zip-bomb';
import { UPLOAD_ZIP_LIMITS } from './goals.spreadsheet';
import { SUPERVISOR } from '../../testing/demo-users';

/*
 * The goals spreadsheet round trip (issue #16 §4): the template of the sellers and weeks,
 * filled in and uploaded; a row with a mistake is reported and nothing is stored.
 */
const env = useDemoApp({});

const idOf = (email: string) => env.demo.users[email]!.id;
const monday = () => addDays(weekStart(metricsDay(new Date())), 7);

async function template(email: string, query: string) {
  const response = await fetch(`${env.app.url}/api/goal/template?${query}`, {
    headers: { authorization: `Bearer ${await env.tokenOf(email)}` },
  });
  return response;
}

async function upload(email: string, groupId: string, file: Buffer | Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([file]), 'objetivos.xlsx');
  const response = await fetch(`${env.app.url}/api/goal/${groupId}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await env.tokenOf(email)}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function workbookOf(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return workbook;
}

async function goalOf(userId: string, start: string) {
  const list = await env.call(SUPERVISOR, 'goal.list', { start });
  return list.data.items.find((item) => item.id === userId)?.goal?.targets ?? null;
}

describe('planilla de objetivos', () => {
  it("downloads the supervisor's sellers for the weeks asked, fills it and stores it", async () => {
    const start = monday();
    const response = await template(SUPERVISOR, `start=${start}&weeks=2`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('.xlsx');
    const workbook = await workbookOf(response);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe(es.goals.spreadsheet.week);
    // Two sellers of Equipo Norte × two weeks.
    expect(sheet.rowCount).toBe(5);
    const ids = new Set([2, 3, 4, 5].map((row) => String(sheet.getRow(row).getCell(2).value)));
    expect([...ids].sort()).toEqual([idOf('vendedor@demo.test'), idOf('jail@demo.test')].sort());

    for (const row of [2, 3, 4, 5]) {
      sheet.getRow(row).getCell(7).value = 30 + row; // tracing
      sheet.getRow(row).getCell(9).value = 2; // sale
    }
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const stored = await upload(SUPERVISOR, env.demo.north.id, filled);
    expect(stored).toMatchObject({ status: 200, body: { stored: 4, rejected: [] } });
    const sellerRow = [2, 3].find(
      (row) => sheet.getRow(row).getCell(2).value === idOf('vendedor@demo.test'),
    )!;
    expect(await goalOf(idOf('vendedor@demo.test'), start)).toMatchObject({
      tracing: 30 + sellerRow,
      sale: 2,
    });
  });

  it('reports each bad row and stores nothing', async () => {
    const start = addDays(monday(), 14);
    const workbook = await workbookOf(await template(SUPERVISOR, `start=${start}`));
    const sheet = workbook.worksheets[0]!;
    sheet.getRow(2).getCell(7).value = 12;
    sheet.getRow(3).getCell(7).value = -4;
    sheet.getRow(3).getCell(1).value = addDays(start, 2);
    sheet.addRow([start, idOf('vendedora@demo.test'), 'Victoria', 'Equipo Sur', 1]);
    const answer = await upload(
      SUPERVISOR,
      env.demo.north.id,
      Buffer.from(await workbook.xlsx.writeBuffer()),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.stored).toBe(0);
    const texts = es.goals.spreadsheet.errors;
    expect(answer.body.rejected).toEqual([
      {
        row: 3,
        seller: expect.any(String),
        errors: [texts.week, '«Seguimientos» debe ser un número entero entre 0 y 1.000.000.'],
      },
      { row: 4, seller: 'Victoria', errors: [texts.seller] },
    ]);
    const firstSeller = String(sheet.getRow(2).getCell(2).value);
    expect(await goalOf(firstSeller, start)).toBeNull();
  });

  it('refuses a file that is not the template, and a group outside the caller’s', async () => {
    const notAWorkbook = await upload(SUPERVISOR, env.demo.north.id, Buffer.from('hola'));
    expect(notAWorkbook).toMatchObject({ status: 400, body: { code: 'GOAL_FILE_INVALID' } });
    const other = new ExcelJS.Workbook();
    other.addWorksheet('Hoja').addRow(['Nombre', 'Monto']);
    const wrong = await upload(
      SUPERVISOR,
      env.demo.north.id,
      Buffer.from(await other.xlsx.writeBuffer()),
    );
    expect(wrong).toMatchObject({ status: 400, body: { code: 'GOAL_FILE_INVALID' } });
    const workbook = await workbookOf(await template(SUPERVISOR, `start=${monday()}`));
    const south = await upload(
      SUPERVISOR,
      env.demo.south.id,
      Buffer.from(await workbook.xlsx.writeBuffer()),
    );
    expect(south).toMatchObject({ status: 403, body: { code: 'GOAL_ROLES_ERROR' } });
    expect((await template('vendedor@demo.test', `start=${monday()}`)).status).toBe(403);
  });

  it('el ranking exportado deja como texto un nombre que empieza como fórmula', async () => {
    const db = env.database.handle.db;
    const jail = env.demo.users['jail@demo.test']!;
    const formula = '=HYPERLINK("http://malo.test","Ver")';
    await db.update(users).set({ name: formula }).where(eq(users.id, jail.id));
    try {
      const start = weekStart(metricsDay(new Date()));
      const response = await fetch(
        `${env.app.url}/api/sellersgoals/export?startDate=${start}&endDate=${addDays(start, 6)}`,
        { headers: { authorization: `Bearer ${await env.tokenOf(SUPERVISOR)}` } },
      );
      expect(response.status).toBe(200);
      const sheet = (await workbookOf(response)).worksheets[0]!;
      const names: unknown[] = [];
      sheet.eachRow((row, number) => {
        if (number > 1) names.push(row.getCell(1).value);
      });
      expect(names).toContain(`'${formula} ${jail.lastname}`);
      expect(names.every((name) => typeof name === 'string' && !name.startsWith('='))).toBe(true);
      const figures = sheet.getRow(2).getCell(3).value;
      expect(typeof figures).toBe('number');
    } finally {
      await db.update(users).set({ name: jail.name }).where(eq(users.id, jail.id));
    }
  });

  describe('una bomba zip (1 MB que se descomprime en 400 MB)', () => {
    const INFLATED = 400 * 1024 * 1024;

    /** A filled template of Equipo Norte for a week, as a zip bomb, and what it would store. */
    async function bombOf(declare: 'honest' | number) {
      const start = addDays(monday(), 28);
      const workbook = await workbookOf(await template(SUPERVISOR, `start=${start}`));
      for (const row of [2, 3]) workbook.worksheets[0]!.getRow(row).getCell(7).value = 9;
      const filled = Buffer.from(await workbook.xlsx.writeBuffer());
      return { start, ...(await workbookBomb(filled, INFLATED, declare)) };
    }

    /** Uploads and reads what the zip reader published when it refused the file. */
    async function uploadObserved(file: Buffer) {
      const refusals: Array<{ kind: string; inflatedBytes: number }> = [];
      const observe = (message: unknown) => refusals.push(message as (typeof refusals)[number]);
      subscribe('cartera:zip-refused', observe);
      try {
        return { answer: await upload(SUPERVISOR, env.demo.north.id, file), refusals };
      } finally {
        unsubscribe('cartera:zip-refused', observe);
      }
    }

    it('que declara su tamaño se rechaza sin descomprimir nada', async () => {
      const bomb = await bombOf('honest');
      expect(bomb.file.length).toBeLessThan(1.5 * 1024 * 1024);
      expect(bomb.sheetBytes).toBeGreaterThanOrEqual(INFLATED);
      const { answer, refusals } = await uploadObserved(bomb.file);
      expect(answer).toMatchObject({
        status: 413,
        body: {
          code: 'FILE_INFLATED_TOO_LARGE',
          message:
            'No se puede leer el archivo: descomprimido supera los 32 MB permitidos. Revisa que sea la planilla descargada.',
        },
      });
      expect(refusals).toEqual([{ kind: 'too-large', inflatedBytes: 0 }]);
      expect(await goalOf(idOf('vendedor@demo.test'), bomb.start)).toBeNull();
    });

    it('que miente en sus encabezados se detiene al pasar lo declarado, bajo el límite', async () => {
      // 24 MB declared: under the total limit and at a ratio a real sheet could have.
      const declared = 24 * 1024 * 1024;
      const bomb = await bombOf(declared);
      expect(bomb.file.length).toBeLessThan(1.5 * 1024 * 1024);
      const { answer, refusals } = await uploadObserved(bomb.file);
      expect(answer).toMatchObject({ status: 413, body: { code: 'FILE_INFLATED_TOO_LARGE' } });
      expect(refusals).toHaveLength(1);
      const { inflatedBytes } = refusals[0]!;
      // Past the declared size by at most one inflated chunk (64 KiB) and the template's other
      // entries; far below the 400 MB the file holds.
      expect(inflatedBytes).toBeGreaterThan(declared);
      expect(inflatedBytes).toBeLessThan(declared + 128 * 1024);
      expect(inflatedBytes).toBeLessThan(UPLOAD_ZIP_LIMITS.maxTotalBytes);
      expect(await goalOf(idOf('vendedor@demo.test'), bomb.start)).toBeNull();
    });
  });
});
