import { roleProcedure, router } from '../../trpc/init';
import { sellersPanel, ZSellersPanel } from './sellers.service';

export const sellersRouter = router({
  /** The 'Vendedores' panel of the home page (super and comercial). */
  panel: roleProcedure('super', 'comercial')
    .meta({ area: '/' })
    .output(ZSellersPanel)
    .query(({ ctx }) => sellersPanel(ctx.db, ctx.session)),
});
