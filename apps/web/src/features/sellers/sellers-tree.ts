import type { RouterOutputs } from '../../lib/api-types';

export type SellersPanelData = RouterOutputs['seller']['panel'];
export type GroupNode = SellersPanelData['root'];
export type Seller = GroupNode['sellers'][number];

/** Lower case without accents: 'Valentín' and 'valentin' are the same search. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

export function sellerMatches(seller: Seller, query: string): boolean {
  const needle = normalizeForSearch(query);
  if (!needle) return true;
  return [`${seller.name} ${seller.lastname}`, seller.email].some((text) =>
    normalizeForSearch(text).includes(needle),
  );
}

/**
 * The tree with only the sellers matching the search (name, last name or e-mail, ignoring case
 * and accents), and only the groups that still hold one. The root always stays. Counts are not
 * touched: 'Todo el grupo (n)' keeps counting the whole group.
 */
export function filterTree(root: GroupNode, query: string): GroupNode {
  if (!normalizeForSearch(query)) return root;
  const visit = (node: GroupNode): GroupNode | null => {
    const sellers = node.sellers.filter((seller) => sellerMatches(seller, query));
    const children = node.children.map(visit).filter((child): child is GroupNode => child !== null);
    if (sellers.length === 0 && children.length === 0) return null;
    return { ...node, sellers, children };
  };
  return visit(root) ?? { ...root, sellers: [], children: [] };
}

export function hasSellers(node: GroupNode): boolean {
  return node.sellers.length > 0 || node.children.some(hasSellers);
}

export function findGroup(node: GroupNode, id: string): GroupNode | undefined {
  if (node.id === id) return node;
  for (const child of node.children) {
    const found = findGroup(child, id);
    if (found) return found;
  }
  return undefined;
}

export function findSeller(
  node: GroupNode,
  id: string,
): { seller: Seller; group: GroupNode } | undefined {
  const seller = node.sellers.find((each) => each.id === id);
  if (seller) return { seller, group: node };
  for (const child of node.children) {
    const found = findSeller(child, id);
    if (found) return found;
  }
  return undefined;
}
