import { z } from 'zod';
import { roleProcedure, router, tenantProcedure } from '../../trpc/init';
import {
  allOrigins,
  allTags,
  groupChoices,
  originsForUser,
  saveOrigin,
  saveTag,
  tagsForUser,
  ZGroupChoice,
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
import {
  ZCrmConfigChanges,
  ZFeedbackRolesInput,
  ZVisitCommentInput,
  ZVisitResultChanges,
  ZVisitResultInput,
} from '@cartera/domain/conversation-config';
import { ZShortcutInput } from '@cartera/domain/shortcuts';
import {
  allVisitResults,
  conversationRules,
  createShortcut,
  createVisitResult,
  crmConfig,
  deleteShortcut,
  listShortcuts,
  orderShortcuts,
  saveCrmConfig,
  saveFeedbackRoles,
  saveVisitComment,
  updateShortcut,
  updateVisitResult,
  ZConversationRules,
  ZCrmConfig,
  ZShortcutRow,
  ZVisitResultRow,
} from './conversation-config.service';
import { ZId } from '@cartera/domain/ids';

/** 'Mi Empresa' (/company) manages these; the pickers of the contact and conversation read them. */
const manageProcedure = roleProcedure('configureCompany');
/** A shortcut's id (UUIDv7 for those made here; kept as stored for older ones). */
const ZShortcutId = z.string().min(1).max(60);

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

  groupChoices: manageProcedure
    .meta({
      area: '/company',
      description:
        "The caller's company's active groups with their path from the root, which a status tag's group filters may name.",
    })
    .output(z.array(ZGroupChoice))
    .query(({ ctx }) => groupChoices(ctx.db, ctx.tenantId)),
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

  shortcuts: tenantProcedure
    .meta({
      description:
        "The company's shortcuts (03 §3 Shortcut) in their order: the conversation's shortcut tabs and the info panel's links; each URL template is filled in the browser from the contact, the user and the group (03 §5).",
    })
    .output(z.array(ZShortcutRow))
    .query(({ ctx }) => listShortcuts(ctx.db, ctx.tenantId)),
  createShortcut: manageProcedure
    .meta({
      description:
        "Adds a shortcut at the end of the company's list: title, URL template (http or https, placeholders between {{ }}; not a private, loopback or link-local host), internal window or new tab, and an optional icon or image link.",
      errors: ['INVALID_REQUEST_BODY', 'OUTBOUND_URL_NOT_ALLOWED'],
    })
    .input(ZShortcutInput)
    .output(ZShortcutRow)
    .mutation(({ ctx, input }) => createShortcut(ctx.db, ctx.tenantId, input)),
  updateShortcut: manageProcedure
    .meta({
      description: "Replaces a shortcut's values; it keeps its id and place in the list.",
      errors: ['SHORTCUT_NOT_FOUND', 'INVALID_REQUEST_BODY', 'OUTBOUND_URL_NOT_ALLOWED'],
    })
    .input(z.object({ id: ZShortcutId, data: ZShortcutInput }))
    .output(ZShortcutRow)
    .mutation(({ ctx, input }) => updateShortcut(ctx.db, ctx.tenantId, input.id, input.data)),
  deleteShortcut: manageProcedure
    .meta({
      description: 'Removes a shortcut; answers the shortcuts left, in their order.',
      errors: ['SHORTCUT_NOT_FOUND'],
    })
    .input(z.object({ id: ZShortcutId }))
    .output(z.array(ZShortcutRow))
    .mutation(({ ctx, input }) => deleteShortcut(ctx.db, ctx.tenantId, input.id)),
  orderShortcuts: manageProcedure
    .meta({
      description:
        "Puts the company's shortcuts in the order of `ids`, which must name every shortcut once (a list changed meanwhile is refused).",
      errors: ['INVALID_REQUEST_BODY'],
    })
    .input(z.object({ ids: z.array(ZShortcutId).max(100) }))
    .output(z.array(ZShortcutRow))
    .mutation(({ ctx, input }) => orderShortcuts(ctx.db, ctx.tenantId, input.ids)),

  allVisitResults: manageProcedure
    .meta({
      description:
        "Every visit result of the company (03 §3), active or not; the conversation's 'Visita' tab offers the active ones and shows only when there is one.",
    })
    .output(z.array(ZVisitResultRow))
    .query(({ ctx }) => allVisitResults(ctx.db, ctx.tenantId)),
  createVisitResult: manageProcedure
    .meta({
      description: 'Adds a visit result; its code must be new in the company and never changes.',
      errors: ['VISIT_RESULT_CODE_TAKEN', 'INVALID_REQUEST_BODY'],
    })
    .input(ZVisitResultInput)
    .output(ZVisitResultRow)
    .mutation(({ ctx, input }) => createVisitResult(ctx.db, ctx.tenantId, input)),
  updateVisitResult: manageProcedure
    .meta({
      description:
        "Replaces a visit result's name and active (visits written keep its code); `active: false` takes it out of 'Describe tu visita'.",
      errors: ['VISIT_RESULT_NOT_FOUND', 'INVALID_REQUEST_BODY'],
    })
    .input(z.object({ code: z.string().min(1).max(60), data: ZVisitResultChanges }))
    .output(ZVisitResultRow)
    .mutation(({ ctx, input }) => updateVisitResult(ctx.db, ctx.tenantId, input.code, input.data)),
  conversationRules: manageProcedure
    .meta({
      description:
        "The visit comment rules (03 §5: required, minChars, maxChars; the defaults until set) and the roles that may leave feedback (03 §2.2 'Feedback' tab).",
    })
    .output(ZConversationRules)
    .query(({ ctx }) => conversationRules(ctx.db, ctx.tenantId)),
  saveVisitComment: manageProcedure
    .meta({
      description:
        "Sets the visit comment rules 'Describe tu visita' applies (the minimum at most the maximum, both up to 2500).",
      errors: ['INVALID_REQUEST_BODY'],
    })
    .input(ZVisitCommentInput)
    .output(ZConversationRules)
    .mutation(({ ctx, input }) => saveVisitComment(ctx.db, ctx.tenantId, input)),
  saveFeedbackRoles: manageProcedure
    .meta({
      description:
        "Sets the roles that see the conversation's 'Feedback' tab and may leave feedback (none: nobody).",
      errors: ['INVALID_REQUEST_BODY'],
    })
    .input(ZFeedbackRolesInput)
    .output(ZConversationRules)
    .mutation(({ ctx, input }) => saveFeedbackRoles(ctx.db, ctx.tenantId, input)),
  crmConfig: manageProcedure
    .meta({
      description:
        "The company's crmConfig (03 §3): manualSales {active, roles} ('Venta Manual' limited to roles), enableMeetings, and canRolesCreateSubConversations ('all', 'owner' or roles; default 'all').",
    })
    .output(ZCrmConfig)
    .query(({ ctx }) => crmConfig(ctx.db, ctx.tenantId)),
  saveCrmConfig: manageProcedure
    .meta({
      description:
        'Changes the parts of crmConfig it names, in one write; the conversation follows from the next read.',
      errors: ['INVALID_REQUEST_BODY'],
    })
    .input(ZCrmConfigChanges)
    .output(ZCrmConfig)
    .mutation(({ ctx, input }) => saveCrmConfig(ctx.db, ctx.tenantId, input)),
});
