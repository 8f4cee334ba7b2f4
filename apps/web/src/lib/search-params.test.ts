import { describe, expect, it } from 'vitest';
import {
  dayParam,
  eitherParam,
  fieldFiltersParam,
  flagParam,
  idParam,
  oneOfParam,
  searchParams,
  someOfParam,
  textParam,
} from './search-params';

const ID = '01a225d6-ba99-739b-a041-78a63309eb5c';

describe('search params', () => {
  const read = searchParams({
    q: textParam(5),
    id: idParam(),
    day: dayParam(),
    unread: flagParam(),
    tab: oneOfParam(['archived']),
    agent: eitherParam(idParam(), oneOfParam(['all'])),
    status: someOfParam(['new', 'sold']),
    filters: fieldFiltersParam(),
  });

  it('keeps the fields that fit, trimmed, and drops the rest of the address', () => {
    expect(
      read({
        q: ' hola ',
        id: ID,
        day: '2026-11-29',
        unread: true,
        tab: 'archived',
        agent: 'all',
        status: ['sold', 'new'],
        filters: [{ code: 'ciudad', value: 'Montevideo', extra: 1 }],
        other: 'x',
      }),
    ).toEqual({
      q: 'hola',
      id: ID,
      day: '2026-11-29',
      unread: true,
      tab: 'archived',
      agent: 'all',
      status: ['sold', 'new'],
      filters: [{ code: 'ciudad', value: 'Montevideo' }],
    });
  });

  it('leaves out, never refuses, a field that does not fit', () => {
    expect(
      read({
        q: 'demasiado largo',
        id: 'no-es-un-id',
        day: '29/11/2026',
        unread: 'true',
        tab: 'open',
        agent: 'nadie',
        status: ['sold', 'lost'],
        filters: [{ code: '', value: 'x' }],
      }),
    ).toEqual({});
    expect(
      read({
        q: '   ',
        id: 42,
        status: 'sold',
        filters: Array(21).fill({ code: 'a', value: 'b' }),
      }),
    ).toEqual({});
    expect(read({ agent: ID })).toEqual({ agent: ID });
  });
});
