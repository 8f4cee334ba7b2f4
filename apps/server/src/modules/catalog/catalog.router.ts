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
import {
  allArchivingReasons,
  createArchivingReason,
  updateArchivingReason,
  ZArchivingReasonRow,
} from './archiving-reasons.service';
import { ZArchivingReasonChanges, ZArchivingReasonInput } from '@cartera/domain/conversation';

/** 'Mi Empresa' (/company) manages these; the pickers of the contact and conversation read them. */
const manageProcedure = roleProcedure('admin', 'comercial', 'project_manager');
const ZId = z.string().uuid();

export const catalogRouter = router({
  tags: tenantProcedure
    .meta({
      description:
        "The active status tags the caller may pick (03 §5): those whose user filters match the caller's extra fields and, when a tag lists groups, whose groups include the caller's group or one above it; by position, then name.",
    })
    .output(z.array(ZStatusTag))
    .query(({ ctx }) => tagsForUser(ctx.db, ctx.user)),
  origins: tenantProcedure
    .meta({
      description:
        "The active contact origins the caller may pick (those whose user filters match the caller's extra fields), by position, then name.",
    })
    .output(z.array(ZOrigin))
    .query(({ ctx }) => originsForUser(ctx.db, ctx.user)),

  allTags: manageProcedure
    .meta({
      description:
        "Every status tag of the caller's company, active or not, with its filters, for their administration.",
    })
    .output(z.array(ZStatusTag))
    .query(({ ctx }) => allTags(ctx.db, ctx.tenantId)),
  allOrigins: manageProcedure
    .meta({
      description:
        "Every contact origin of the caller's company, active or not, with its user filters, for their administration.",
    })
    .output(z.array(ZOrigin))
    .query(({ ctx }) => allOrigins(ctx.db, ctx.tenantId)),

  createTag: manageProcedure
    .meta({
      description:
        'Creates a status tag; its code must be new in the company (STATUS_TAG_CODE_TAKEN).',
      errors: ['STATUS_TAG_CODE_TAKEN'],
    })
    .input(ZStatusTagInput)
    .output(ZStatusTag)
    .mutation(({ ctx, input }) => saveTag(ctx.db, ctx.tenantId, input)),
  updateTag: manageProcedure
    .meta({
      description: "Replaces a status tag's values; its code may change to one no other tag has.",
      errors: ['STATUS_TAG_CODE_TAKEN', 'NOT_FOUND'],
    })
    .input(z.object({ id: ZId, data: ZStatusTagInput }))
    .output(ZStatusTag)
    .mutation(({ ctx, input }) => saveTag(ctx.db, ctx.tenantId, input.data, input.id)),
  createOrigin: manageProcedure
    .meta({
      description:
        'Creates a contact origin; its code must be new in the company (ORIGIN_CODE_TAKEN).',
      errors: ['ORIGIN_CODE_TAKEN'],
    })
    .input(ZOriginInput)
    .output(ZOrigin)
    .mutation(({ ctx, input }) => saveOrigin(ctx.db, ctx.tenantId, input)),
  updateOrigin: manageProcedure
    .meta({
      description:
        "Replaces a contact origin's values; its code may change to one no other origin has.",
      errors: ['ORIGIN_CODE_TAKEN', 'NOT_FOUND'],
    })
    .input(z.object({ id: ZId, data: ZOriginInput }))
    .output(ZOrigin)
    .mutation(({ ctx, input }) => saveOrigin(ctx.db, ctx.tenantId, input.data, input.id)),

  allArchivingReasons: manageProcedure
    .meta({
      description:
        "Every archiving reason of the caller's company (03 §3), active or not, with its type, group, next action, user filters and roles, for 'Mi Empresa'.",
    })
    .output(z.array(ZArchivingReasonRow))
    .query(({ ctx }) => allArchivingReasons(ctx.db, ctx.tenantId)),
  createArchivingReason: manageProcedure
    .meta({
      description:
        "Adds an archiving reason to the company's (03 §3), offered at once in the conversation's archive picker to whom it admits; its code must be new in the company.",
      errors: ['ARCHIVING_REASON_CODE_TAKEN'],
    })
    .input(ZArchivingReasonInput)
    .output(ZArchivingReasonRow)
    .mutation(({ ctx, input }) => createArchivingReason(ctx.db, ctx.tenantId, input)),
  updateArchivingReason: manageProcedure
    .meta({
      description:
        "Replaces an archiving reason's values but its code, which names it (contacts keep it); `active: false` takes it out of the archive picker.",
      errors: ['ARCHIVING_REASON_NOT_FOUND'],
    })
    .input(z.object({ code: z.string().min(1).max(60), data: ZArchivingReasonChanges }))
    .output(ZArchivingReasonRow)
    .mutation(({ ctx, input }) =>
      updateArchivingReason(ctx.db, ctx.tenantId, input.code, input.data),
    ),
});
