import { roleProcedure, router } from '../../trpc/init';
import { sellersPanel, ZSellersPanel } from './sellers.service';

export const sellersRouter = router({
  panel: roleProcedure('superviseSellers')
    .meta({
      area: '/',
      description:
        "The 'Vendedores' panel of the home page: the tree of groups with their active sellers (role user) and counts, rooted at the whole company for comercial and at the caller's own group for a supervisor.",
    })
    .output(ZSellersPanel)
    .query(({ ctx }) => sellersPanel(ctx.db, ctx.session)),
});
