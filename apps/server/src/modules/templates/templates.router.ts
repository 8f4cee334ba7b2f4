import { z } from 'zod';
import { router, tenantProcedure } from '../../trpc/init';
import { quickReplies, ZQuickReply } from './templates.service';

export const templatesRouter = router({
  quickReplies: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "The composer's quick replies ('/' in the composer): the company's templates and the caller's personal ones whose title, name or message contains `search` (case and accents ignored), 50 at most, by title.",
    })
    .input(z.object({ search: z.string().trim().max(100).optional() }))
    .output(z.array(ZQuickReply))
    .query(({ ctx, input }) => quickReplies(ctx.db, ctx.user, input.search)),
});
