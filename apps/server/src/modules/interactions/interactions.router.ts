import { z } from 'zod';
import { router, tenantProcedure } from '../../trpc/init';
import {
  createNote,
  timelinePage,
  ZInteraction,
  ZNoteInput,
  ZTimelineInput,
} from './interactions.service';

/** The contact's timeline serves the contact view ('/contact'). */
const timelineProcedure = tenantProcedure.meta({ area: '/contact' });

export const interactionsRouter = router({
  timeline: timelineProcedure
    .input(ZTimelineInput)
    .output(z.object({ items: z.array(ZInteraction), nextBefore: z.string().nullable() }))
    .query(({ ctx, input }) => timelinePage(ctx.db, ctx.user, input)),

  createNote: timelineProcedure
    .input(ZNoteInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createNote(ctx.db, ctx.user, input)),
});
