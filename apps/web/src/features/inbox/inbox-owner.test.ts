import { describe, expect, it } from 'vitest';
import type { GroupNode } from '../sellers/sellers-tree';
import { canSwitchInbox, sellerOptions } from './inbox-owner';

const seller = (id: string, name: string, lastname: string, groupId: string) => ({
  id,
  name,
  lastname,
  email: `${id}@demo.test`,
  groupId,
});

const tree: GroupNode = {
  id: 'empresa',
  name: 'Demo Uruguay',
  count: 3,
  sellers: [],
  children: [
    {
      id: 'norte',
      name: 'Equipo Norte',
      count: 2,
      sellers: [
        seller('v1', 'Valentín', 'Vendedor', 'norte'),
        seller('v2', 'Lucía', 'Núñez', 'norte'),
      ],
      children: [],
    },
    {
      id: 'sur',
      name: 'Equipo Sur',
      count: 1,
      sellers: [seller('v3', 'Victoria', 'Vendedora', 'sur')],
      children: [],
    },
  ],
};

describe("'Ver bandeja de'", () => {
  it('ofrece los vendedores del panel agrupados por equipo', () => {
    expect(sellerOptions(tree)).toEqual([
      {
        group: 'Equipo Norte',
        items: [
          { value: 'v1', label: 'Valentín Vendedor' },
          { value: 'v2', label: 'Lucía Núñez' },
        ],
      },
      { group: 'Equipo Sur', items: [{ value: 'v3', label: 'Victoria Vendedora' }] },
    ]);
  });

  it('solo supervisor y comercial cambian de bandeja', () => {
    expect(canSwitchInbox(['super'])).toBe(true);
    expect(canSwitchInbox(['comercial'])).toBe(true);
    expect(canSwitchInbox(['user'])).toBe(false);
    expect(canSwitchInbox(['project_manager'])).toBe(false);
    expect(canSwitchInbox(['admin'])).toBe(false);
  });
});
