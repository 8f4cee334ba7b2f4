import { describe, expect, it } from 'vitest';
import {
  defaultReportPeriod,
  manualSaleAllowed,
  monthsOf,
  saleBubbleFields,
  saleTotal,
  showDay,
  templateOf,
  ZReceiptCreate,
  ZReceiptReportInput,
} from './sales';

const label = (status: string) => ({ sold: 'Vendida', new: 'Ingresada' })[status] ?? status;

describe('saleTotal (03 §9)', () => {
  it('suma valor × cantidad, con cantidad 1 si falta, a dos decimales', () => {
    expect(
      saleTotal({
        productLines: [
          { value: 1290.5, quantity: 2 },
          { value: 450, quantity: null },
          { value: 0.1, quantity: 3 },
        ],
      }),
    ).toBe(3031.3);
  });

  it('una venta simple sin líneas vale su valor; sin valor, cero', () => {
    expect(saleTotal({ value: 990, productLines: [] })).toBe(990);
    expect(saleTotal({})).toBe(0);
  });
});

describe('the sale bubble', () => {
  const money = (total: number) => `${total} pesos`;
  it('muestra los campos con valor en el orden de la especificación, sin los ocultos', () => {
    const fields = saleBubbleFields(
      {
        date: '2026-03-02',
        date_sale: null,
        name: 'Ana Pérez',
        gov_id: '1.234.567-8',
        status: 'sold',
        productLines: [
          { name: 'Plan Hogar', category: 'Internet', value: 1290, quantity: 2 },
          { name: 'Router', category: 'Equipos', value: 2490 },
        ],
      },
      label,
      money,
      ['gov_id'],
    );
    expect(fields).toEqual([
      { field: 'date', value: '02/03/2026' },
      { field: 'name', value: 'Ana Pérez' },
      { field: 'status', value: 'Vendida' },
      { field: 'product', value: 'Plan Hogar, Router' },
      { field: 'category', value: 'Internet, Equipos' },
      { field: 'value', value: '5070 pesos' },
    ]);
  });

  it('una venta simple muestra su producto y su valor', () => {
    const fields = saleBubbleFields(
      { name: 'Ana', product: 'Plan Móvil', value: 690, productLines: [] },
      label,
      money,
    );
    expect(fields.map((each) => each.value)).toEqual(['Ana', 'Plan Móvil', '690 pesos']);
  });

  it('showDay muestra DD/MM/YYYY', () => {
    expect(showDay('2026-12-31')).toBe('31/12/2026');
    expect(showDay(null)).toBe('');
  });
});

describe("the 'Venta Manual' tab (03 §2.2)", () => {
  it('necesita la bandera; con manualSales activo, solo sus roles', () => {
    const seller = { roles: ['user'], featureFlags: { manualSale: 1 as const } };
    expect(manualSaleAllowed({ roles: ['user'], featureFlags: {} }, undefined)).toBe(false);
    expect(manualSaleAllowed(seller, undefined)).toBe(true);
    expect(manualSaleAllowed(seller, { active: false, roles: [] })).toBe(true);
    expect(manualSaleAllowed(seller, { active: true, roles: ['comercial'] })).toBe(false);
    expect(manualSaleAllowed(seller, { active: true, roles: ['user'] })).toBe(true);
    expect(manualSaleAllowed(seller, { active: true, roles: ['all'] })).toBe(true);
  });

  it('elige la plantilla de la venta, si no la predeterminada, si no la primera', () => {
    const templates = [{ code: 'a' }, { code: 'b', default: true }];
    expect(templateOf(templates, 'a')?.code).toBe('a');
    expect(templateOf(templates, 'x')?.code).toBe('b');
    expect(templateOf([{ code: 'c' }])?.code).toBe('c');
    expect(templateOf([], 'a')).toBeUndefined();
  });

  it('rechaza una cantidad negativa, una fecha que no existe y vendida sin fecha de venta', () => {
    const base = { status: 'new', ticketId: 'T-1', phone: '099123456', name: 'Ana' } as const;
    const messages = (input: object) => {
      const parsed = ZReceiptCreate.safeParse({ ...base, ...input });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(
      messages({
        saleStructureType: 'multiline',
        productLines: [{ name: 'Plan', quantity: -1, value: 10 }],
      }),
    ).toContain('La cantidad no puede ser negativa');
    expect(messages({ entryDate: '31/02/2026' })).toContain('La fecha no existe');
    expect(messages({ status: 'sold', ticketSaleId: 'V-1' })).toContain(
      'La fecha de venta es obligatoria en una venta concretada',
    );
    expect(messages({ entryDate: '28/02/2026' })).toEqual([]);
  });
});

describe("'Reportes'", () => {
  it('los meses de un período, del más antiguo al más nuevo', () => {
    expect(monthsOf('2025-11-15', '2026-02-01')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(monthsOf('2026-03-01', '2026-03-31')).toEqual(['2026-03']);
  });

  it('el período por defecto son los últimos seis meses', () => {
    expect(defaultReportPeriod(new Date('2026-03-10T12:00:00Z'))).toEqual({
      from: '2025-10-01',
      to: '2026-03-10',
    });
  });

  it('rechaza un período al revés o de más de 24 meses', () => {
    expect(ZReceiptReportInput.safeParse({ from: '2026-03-01', to: '2026-02-01' }).success).toBe(
      false,
    );
    expect(ZReceiptReportInput.safeParse({ from: '2020-01-01', to: '2026-02-01' }).success).toBe(
      false,
    );
    expect(ZReceiptReportInput.safeParse({ from: '01/01/2026', to: '2026-02-01' }).success).toBe(
      true,
    );
  });
});
