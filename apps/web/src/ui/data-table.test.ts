import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { TRPCClientError } from '@trpc/client';
import { errorMessage, es } from '@cartera/domain/i18n';
import { DataTable, tableState, type Column, type TableQuery } from './data-table';
import { toggled } from './selection';

interface Item {
  id: string;
  name: string;
}

const columns: Column<Item>[] = [
  { key: 'name', header: 'Nombre', cell: (item) => item.name },
  { key: 'code', header: 'Código oculto', hideHeader: true, cell: (item) => item.id },
];

function query(overrides: Partial<TableQuery> = {}): TableQuery {
  return {
    data: [],
    error: null,
    isPending: false,
    isError: false,
    isFetching: false,
    refetch: () => undefined,
    ...overrides,
  };
}

/** The table as the server would first paint it. */
function html(props: Partial<Parameters<typeof DataTable<Item>>[0]> & { query: TableQuery }) {
  return renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(DataTable<Item>, {
        items: [],
        rowKey: (item: Item) => item.id,
        columns,
        label: 'Motivos',
        empty: 'No hay motivos todavía.',
        ...props,
      }),
    ),
  );
}

describe('la tabla de datos', () => {
  it('mientras carga la primera vez muestra filas de espera y no el vacío', () => {
    const page = html({ query: query({ isPending: true, data: undefined, isFetching: true }) });
    expect(tableState(query({ isPending: true }), 0)).toBe('loading');
    expect(page).toContain('aria-busy="true"');
    expect(page).toContain('mantine-Skeleton');
    expect(page).not.toContain('No hay motivos todavía.');
  });

  it('sin filas dice que está vacía', () => {
    const page = html({ query: query() });
    expect(page).toContain('No hay motivos todavía.');
    expect(page).toContain('aria-label="Motivos"');
  });

  it('una carga fallida sin datos se lee en español con «Volver a intentar», sin tabla', () => {
    const failed = TRPCClientError.from(new TypeError('Failed to fetch'));
    const page = html({ query: query({ isError: true, error: failed, data: undefined }) });
    expect(page).toContain(errorMessage('SERVICE_UNAVAILABLE'));
    expect(page).toContain(es.app.retry);
    expect(page).toContain('role="alert"');
    expect(page).not.toContain('<table');
  });

  it('una recarga fallida deja a la vista las filas que ya había', () => {
    const items = [{ id: 'a1', name: 'Precio' }];
    const failed = query({ isError: true, error: new Error('x'), data: items });
    expect(tableState(failed, 1)).toBe('rows');
    expect(html({ query: failed, items })).toContain('Precio');
  });

  it('dibuja cada fila por sus columnas, con sus acciones y su casilla', () => {
    const items = [
      { id: 'a1', name: 'Precio' },
      { id: 'a2', name: 'Distancia' },
    ];
    const selection = {
      chosen: [items[0]!],
      allChosen: false,
      none: false,
      isSelected: (id: string) => id === 'a1',
      toggle: () => undefined,
      setAll: () => undefined,
      clear: () => undefined,
    };
    const page = html({
      query: query({ data: items }),
      items,
      actions: { cell: (item) => createElement('button', null, `Editar ${item.name}`) },
      selection: {
        state: selection,
        allLabel: 'Seleccionar todos',
        rowLabel: (item) => `Seleccionar ${item.name}`,
      },
    });
    expect(page).toContain('Precio');
    expect(page).toContain('Editar Distancia');
    expect(page).toContain('aria-label="Seleccionar todos"');
    expect(page).toMatch(
      /aria-label="Seleccionar Precio"[^>]*checked|checked[^>]*aria-label="Seleccionar Precio"/,
    );
    expect(page).toContain(es.app.actions);
    expect(page).not.toContain('No hay motivos todavía.');
  });

  it('una columna centrada centra su título y sus celdas; las demás no', () => {
    const items = [{ id: 'a1', name: 'Precio' }];
    const page = html({
      query: query({ data: items }),
      items,
      columns: [
        { key: 'name', header: 'Nombre', cell: (item) => item.name },
        { key: 'on', header: 'Activo', align: 'center', cell: () => 'sí' },
      ],
    });
    expect(page).toMatch(/<th[^>]*text-align:center[^>]*>Activo<\/th>/);
    expect(page).toMatch(/<td[^>]*text-align:center[^>]*>sí<\/td>/);
    expect(page).not.toMatch(/<t[hd][^>]*text-align:center[^>]*>(Nombre|Precio)</);
  });
});

describe('la selección de filas', () => {
  it('marcar y desmarcar una fila cambia solo esa', () => {
    const on = toggled(new Set(['a']), 'b', true);
    expect([...on].sort()).toEqual(['a', 'b']);
    expect([...toggled(on, 'a', false)]).toEqual(['b']);
  });
});
