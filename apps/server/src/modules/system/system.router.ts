import { z } from 'zod';
import { publicProcedure, router } from '../../trpc/init';
import { APP_VERSION } from '../../version';

export const ZSystemInfo = z.object({
  name: z.string(),
  version: z.string(),
  database: z.enum(['postgres', 'pglite']),
  serverTime: z.date(),
  /** The side menu's support entry (SUPPORT_URL): a link users follow for help; null without one. */
  supportUrl: z.string().nullable(),
});

export const systemRouter = router({
  info: publicProcedure
    .meta({
      description:
        "Public facts about the running server: the product name, its version, the database kind (postgres or pglite), the server's current time and the support link (SUPPORT_URL). Needs no session; the web shows them to prove the wiring.",
    })
    .output(ZSystemInfo)
    .query(({ ctx }) => ({
      name: 'Cartera',
      version: APP_VERSION,
      database: ctx.deps.database.kind,
      serverTime: new Date(),
      supportUrl: ctx.deps.env.supportUrl ?? null,
    })),
});
