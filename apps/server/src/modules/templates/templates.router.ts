import { z } from 'zod';
import { router, tenantProcedure } from '../../trpc/init';
import { quickReplies, ZQuickReply } from './templates.service';

export const templatesRouter = router({
  /** '/' in the composer: quick replies matching what follows it. */
  quickReplies: tenantProcedure
    .meta({ area: '/contact' })
    .input(z.object({ search: z.string().trim().max(100).optional() }))
    .output(z.array(ZQuickReply))
    .query(({ ctx, input }) => quickReplies(ctx.db, ctx.user, input.search)),
});
