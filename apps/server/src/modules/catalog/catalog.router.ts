import { z } from 'zod';
import { roleProcedure, router, tenantProcedure } from '../../trpc/init';
import {
  allOrigins,
  allTags,
  originsForUser,
  saveOrigin,
  saveTag,
  tagsForUser,
  ZOrigin,
  ZOriginInput,
  ZStatusTag,
  ZStatusTagInput,
} from './catalog.service';

/** Their management screens arrive with the administration area; these serve it already. */
const manageProcedure = roleProcedure('admin', 'comercial', 'project_manager');
const ZId = z.string().uuid();

export const catalogRouter = router({
  /** The status tags this user may pick (03 §5 filters applied). */
  tags: tenantProcedure
    .output(z.array(ZStatusTag))
    .query(({ ctx }) => tagsForUser(ctx.db, ctx.user)),
  origins: tenantProcedure
    .output(z.array(ZOrigin))
    .query(({ ctx }) => originsForUser(ctx.db, ctx.user)),

  allTags: manageProcedure
    .output(z.array(ZStatusTag))
    .query(({ ctx }) => allTags(ctx.db, ctx.tenantId)),
  allOrigins: manageProcedure
    .output(z.array(ZOrigin))
    .query(({ ctx }) => allOrigins(ctx.db, ctx.tenantId)),

  createTag: manageProcedure
    .input(ZStatusTagInput)
    .output(ZStatusTag)
    .mutation(({ ctx, input }) => saveTag(ctx.db, ctx.tenantId, input)),
  updateTag: manageProcedure
    .input(z.object({ id: ZId, data: ZStatusTagInput }))
    .output(ZStatusTag)
    .mutation(({ ctx, input }) => saveTag(ctx.db, ctx.tenantId, input.data, input.id)),
  createOrigin: manageProcedure
    .input(ZOriginInput)
    .output(ZOrigin)
    .mutation(({ ctx, input }) => saveOrigin(ctx.db, ctx.tenantId, input)),
  updateOrigin: manageProcedure
    .input(z.object({ id: ZId, data: ZOriginInput }))
    .output(ZOrigin)
    .mutation(({ ctx, input }) => saveOrigin(ctx.db, ctx.tenantId, input.data, input.id)),
});
