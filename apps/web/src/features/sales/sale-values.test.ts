import { describe, expect, it } from 'vitest';
import { changesOf, checkSale, emptySale, parseValue, valuesOf, type Receipt } from './sale-values';

const SELLER = '00000000-0000-7000-8000-0000000000a1';
const OTHER = '00000000-0000-7000-8000-0000000000a2';

const filled = {
  ...emptySale('2026-03-02'),
  ticketId: 'T-1',
  phone: '099123456',
  name: 'Ana Gómez',
  sellerId: SELLER,
};

const receipt = {
  id: '00000000-0000-7000-8000-0000000000b1',
  status: 'pending',
  ticketId: 'T-1',
  ticketSaleId: null,
  entryDate: '2026-03-02',
  saleDate: null,
  phone: '099123456',
  name: 'Ana Gómez',
  govId: null,
  product: null,
  value: 100,
  userLock: false,
  seller: { id: SELLER, name: 'Valentín', lastname: 'Vendedor' },
} as unknown as Receipt;

describe('el formulario de venta (02 §5)', () => {
  it('pide estado, ticket, teléfono, nombre y vendedor', () => {
    const { errors, input } = checkSale(emptySale('2026-03-02'));
    expect(input).toBeNull();
    expect(Object.keys(errors).sort()).toEqual(['name', 'phone', 'sellerId', 'ticketId']);
  });

  it('una venta concretada pide fecha e id de venta; la fecha debe existir', () => {
    expect(checkSale({ ...filled, status: 'sold' }).errors).toEqual({
      saleDate: 'La fecha de venta es obligatoria en una venta concretada',
      ticketSaleId: 'El id de venta es obligatorio en una venta concretada',
    });
    const wrong = checkSale({
      ...filled,
      status: 'sold',
      ticketSaleId: 'V-1',
      saleDate: '31/02/2026',
    });
    expect(wrong.errors).toEqual({ saleDate: 'La fecha no existe' });
    const right = checkSale({
      ...filled,
      status: 'sold',
      ticketSaleId: 'V-1',
      saleDate: '28/02/2026',
    });
    expect(right.errors).toEqual({});
    expect(right.input).toMatchObject({ saleDate: '2026-02-28', entryDate: '2026-03-02' });
  });

  it('el precio se lee con coma o punto decimal y no puede ser negativo', () => {
    expect(parseValue('1.234,50')).toBe(1234.5);
    expect(parseValue('1234.5')).toBe(1234.5);
    // As a Spanish speaker types it without thousands: a decimal comma.
    expect(parseValue('1234,50')).toBe(1234.5);
    expect(checkSale({ ...filled, value: '1234,50' }).errors.value).toBeUndefined();
    expect(parseValue('')).toBeUndefined();
    expect(checkSale({ ...filled, value: '-3' }).errors.value).toBeDefined();
    expect(checkSale({ ...filled, value: 'abc' }).errors.value).toBeDefined();
  });

  it('una edición se vuelve campos, cambio de estado (con fecha e id de venta) y vendedor', () => {
    const values = { ...valuesOf(receipt), name: 'Ana María Gómez', status: 'sold' as const };
    const checked = checkSale({
      ...values,
      saleDate: '01/03/2026',
      ticketSaleId: 'V-9',
      sellerId: OTHER,
    });
    const { changes, error } = changesOf(receipt, checked.input!);
    expect(error).toEqual({});
    expect(changes).toEqual([
      { kind: 'field', field: 'name', value: 'Ana María Gómez' },
      { kind: 'status', status: 'sold', saleDate: '2026-03-01', ticketSaleId: 'V-9' },
      { kind: 'seller', sellerId: OTHER },
    ]);
  });

  it('sin cambios no hay llamadas; la fecha de venta no se quita', () => {
    expect(changesOf(receipt, checkSale(valuesOf(receipt)).input!).changes).toEqual([]);
    const sold = {
      ...receipt,
      status: 'sold',
      saleDate: '2026-03-01',
      ticketSaleId: 'V-1',
    } as Receipt;
    const cleared = checkSale({ ...valuesOf(sold), status: 'pending', saleDate: '' });
    expect(changesOf(sold, cleared.input!).error.saleDate).toBeDefined();
  });
});
