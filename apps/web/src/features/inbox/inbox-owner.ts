import { can } from '@cartera/domain/policy';
import type { Role } from '@cartera/domain/roles';
import type { GroupNode } from '../sellers/sellers-tree';

/** 03 §2.1: only the commercial and supervisor roles may look at another seller's inbox. */
export function canSwitchInbox(roles: readonly Role[]): boolean {
  return can({ roles }, 'superviseSellers');
}

export interface SellerOptionGroup {
  group: string;
  items: { value: string; label: string }[];
}

/** The sellers of the panel's tree as option groups, one per group that holds sellers. */
export function sellerOptions(root: GroupNode): SellerOptionGroup[] {
  const groups: SellerOptionGroup[] = [];
  const visit = (node: GroupNode) => {
    if (node.sellers.length > 0) {
      groups.push({
        group: node.name,
        items: node.sellers.map((seller) => ({
          value: seller.id,
          label: `${seller.name} ${seller.lastname}`.trim(),
        })),
      });
    }
    node.children.forEach(visit);
  };
  visit(root);
  return groups;
}
