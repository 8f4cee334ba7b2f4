import { describe, expect, it } from 'vitest';
import {
  filterTree,
  findGroup,
  findSeller,
  normalizeForSearch,
  type GroupNode,
} from './sellers-tree';

function seller(id: string, name: string, lastname: string, groupId: string) {
  return { id, name, lastname, email: `${id}@demo.test`, groupId };
}

const tree: GroupNode = {
  id: 'empresa',
  name: 'Demo Uruguay',
  count: 4,
  sellers: [],
  children: [
    {
      id: 'norte',
      name: 'Equipo Norte',
      count: 2,
      sellers: [
        seller('julia', 'Julia', 'Limitada', 'norte'),
        seller('valentin', 'Valentín', 'Vendedor', 'norte'),
      ],
      children: [],
    },
    {
      id: 'sur',
      name: 'Equipo Sur',
      count: 2,
      sellers: [seller('victoria', 'Victoria', 'Vendedora', 'sur')],
      children: [
        {
          id: 'sur-1',
          name: 'Célula 1',
          count: 1,
          sellers: [seller('camilo', 'Camilo', 'Cambio', 'sur-1')],
          children: [],
        },
      ],
    },
  ],
};

describe('búsqueda de vendedores', () => {
  it('ignora mayúsculas y acentos', () => {
    expect(normalizeForSearch('  VALENTÍN ')).toBe('valentin');
    const result = filterTree(tree, 'valentin');
    expect(result.children.map((group) => group.id)).toEqual(['norte']);
    expect(result.children[0]!.sellers.map((each) => each.id)).toEqual(['valentin']);
  });

  it('busca también por apellido y correo, dentro de grupos anidados', () => {
    expect(findSeller(filterTree(tree, 'cambio'), 'camilo')?.group.id).toBe('sur-1');
    const byMail = filterTree(tree, 'victoria@');
    expect(byMail.children.map((group) => group.id)).toEqual(['sur']);
    expect(byMail.children[0]!.children).toEqual([]);
  });

  it('sin texto devuelve el árbol completo y conserva los totales', () => {
    expect(filterTree(tree, '  ')).toBe(tree);
    expect(filterTree(tree, 'julia').children[0]!.count).toBe(2);
  });

  it('deja la raíz vacía cuando nadie coincide', () => {
    expect(filterTree(tree, 'nadie')).toMatchObject({ id: 'empresa', sellers: [], children: [] });
  });

  it('encuentra grupos y vendedores por id', () => {
    expect(findGroup(tree, 'sur-1')?.name).toBe('Célula 1');
    expect(findGroup(tree, 'x')).toBeUndefined();
    expect(findSeller(tree, 'julia')?.seller.name).toBe('Julia');
  });
});
