import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { groups } from '@cartera/db/schema';
import { defaultGroupOf, findAgentsInReach } from '../access/sellers';
import type { AuthSession } from '../sessions/session.types';

export const ZSeller = z.object({
  id: z.string(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  groupId: z.string(),
});

export interface GroupNode {
  id: string;
  name: string;
  /** Sellers in this group and every group below it. */
  count: number;
  sellers: z.infer<typeof ZSeller>[];
  children: GroupNode[];
}

export const ZGroupNode: z.ZodType<GroupNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    count: z.number(),
    sellers: z.array(ZSeller),
    children: z.array(ZGroupNode),
  }),
);

export const ZSellersPanel = z.object({
  /** 'Todos (n)': every seller the user may look at. */
  total: z.number(),
  /** 'Toda la empresa (n)': shown to comercial, who sees the whole company. */
  companyTotal: z.number().nullable(),
  /** The user's visible tree: the company for comercial, the own group for a supervisor. */
  root: ZGroupNode,
});

/**
 * 02 §2 screen 9 and §6: the sellers panel. Only active users with role user count as sellers;
 * comercial sees the whole company, a supervisor their group and the groups below it.
 */
export async function sellersPanel(db: Executor, session: AuthSession) {
  const { user } = session;
  // Whose sellers: the company's, or the caller's group's subtree (modules/access sellers.ts).
  const seesCompany = defaultGroupOf(user) === user.tenantId;
  const sellersReach = seesCompany
    ? ({ kind: 'tenant' } as const)
    : ({ kind: 'subtree', groupId: user.groupId } as const);
  const [groupRows, sellerRows] = await Promise.all([
    db
      .select({
        id: groups.id,
        name: groups.name,
        parentId: groups.parentId,
        active: groups.active,
      })
      .from(groups)
      .where(eq(groups.tenantId, user.tenantId))
      .orderBy(asc(groups.name)),
    // The sellers the caller reaches, read in SQL (modules/access sellers.ts).
    findAgentsInReach(db, user.tenantId, sellersReach, ['user']).then((rows) =>
      rows.map(({ id, name, lastname, email, groupId }) => ({
        id,
        name,
        lastname,
        email,
        groupId,
      })),
    ),
  ]);

  const nodes = new Map<string, GroupNode>();
  for (const group of groupRows) {
    nodes.set(group.id, { id: group.id, name: group.name, count: 0, sellers: [], children: [] });
  }
  for (const seller of sellerRows) nodes.get(seller.groupId)?.sellers.push(seller);
  for (const group of groupRows) {
    if (group.parentId) nodes.get(group.parentId)?.children.push(nodes.get(group.id)!);
  }
  const countOf = (node: GroupNode): number =>
    (node.count =
      node.sellers.length + node.children.reduce((sum, child) => sum + countOf(child), 0));
  const company = nodes.get(user.tenantId)!;
  countOf(company);

  const root = seesCompany ? company : (nodes.get(user.groupId) ?? company);
  return {
    total: root.count,
    companyTotal: seesCompany ? company.count : null,
    root,
  };
}
