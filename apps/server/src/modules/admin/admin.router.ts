import { z } from 'zod';
import {
  ZCreateClientInput,
  ZCreateGroupInput,
  ZCreateUserInput,
  ZMoveCompanyInput,
  ZMoveGroupInput,
  ZResetPasswordInput,
  ZSetFlagInput,
  ZUpdateGroupInput,
  ZUpdateUserInput,
} from '@cartera/domain/admin';
import { roleProcedure, router } from '../../trpc/init';
import {
  companyView,
  createGroup,
  listGroups,
  moveGroup,
  setFlag,
  updateGroup,
  ZAdminGroup,
  ZCompanyInput,
  ZCompanyView,
  ZListGroupsInput,
} from './admin-groups.service';
import {
  moveCompany,
  regenerateTracings,
  removeDuplicateTracing,
  ZMoveCompanyResult,
  ZRegenerateTracingsResult,
  ZRemoveDuplicateTracingResult,
} from './admin-user-ops.service';
import {
  createUser,
  forcePasswordChange,
  listUsers,
  resetPassword,
  setUserActive,
  updateUser,
  ZAdminUser,
  ZListUsersInput,
  ZSetUserActiveInput,
  ZUserIdInput,
} from './admin-users.service';
import { contextOrigin, listAudit, ZAuditEntry, ZAuditInput } from '../audit/audit.service';
import { companyOverview, ZCompanyOverview } from './company-overview.service';
import { createClient, ZCreatedClient } from './admin-clients.service';
import { platformDeadLetters, ZDeadLetterList } from '../channels/dead-letters.service';

/** 'Administración' (/grupos): admins only (01 §6, slug groups). */
const admin = () => roleProcedure('administer');
const GROUPS_AREA = '/grupos';
/** Users are managed by admins and user managers (who have no /grupos: their calls have no area). */
const userManager = () => roleProcedure('manageUsers');
/** 'Mi Empresa' (01 §6 'Company entry', slug company): comerciales, user and project managers. */
const companyStaff = () => roleProcedure('enterCompany');

export const adminRouter = router({
  overview: companyStaff()
    .meta({
      area: '/company/overview',
      description:
        "'Mi Empresa' › 'Resumen' (issue #17): the caller's company's figures (active and inactive users, sellers, contacts, groups; the admin's company view counts the same) and its groups, root first, as a tree by `parentId`, each with its number of active users. Only the caller's company.",
      errors: [],
    })
    .output(ZCompanyOverview)
    .query(({ ctx }) => companyOverview(ctx.db, ctx.tenantId)),

  groups: userManager()
    .meta({
      description:
        "The caller's company's groups, root first, as a tree by `parentId`, each with its own feature flags (what it inherits comes from its `ancestors`) and its number of active users. `search` (01 §5) matches a name, an id or a country's name; the answer then holds the matching groups (`match`) and the groups above them.",
    })
    .input(ZListGroupsInput)
    .output(z.array(ZAdminGroup))
    .query(({ ctx, input }) => listGroups(ctx.db, ctx.tenantId, input)),

  deadLetters: admin()
    .meta({
      area: GROUPS_AREA,
      description:
        "Provider webhooks that matched no company (issue #31: a webhook URL no channel has), for the platform's administrators: how many there are and the newest 100 with their payload as received. Kept at most 200 an hour.",
      errors: [],
    })
    .output(ZDeadLetterList)
    .query(({ ctx }) => platformDeadLetters(ctx.deps)),

  createClient: admin()
    .meta({
      area: GROUPS_AREA,
      description:
        'Opens a new client company (01 §7 POST /client): a tenant of its own (its root group, with name, display name and country) and its first user, a comercial of the root group with a first password that must be changed at the first sign-in; an e-mail any user already has is refused. Audited in the new company.',
      errors: ['USER_EMAIL_TAKEN'],
    })
    .input(ZCreateClientInput)
    .output(ZCreatedClient)
    .mutation(({ ctx, input }) => createClient(ctx.db, ctx.session, input, contextOrigin(ctx))),

  createGroup: admin()
    .meta({
      area: GROUPS_AREA,
      description:
        "Creates a group under `parentId` (a group of the caller's company), with the parent's country unless given; a name already used by a sibling is refused. Audited.",
      errors: ['GROUP_NOT_FOUND', 'GROUP_NAME_TAKEN'],
    })
    .input(ZCreateGroupInput)
    .output(ZAdminGroup)
    .mutation(({ ctx, input }) => createGroup(ctx.db, ctx.session, input, contextOrigin(ctx))),

  updateGroup: admin()
    .meta({
      area: GROUPS_AREA,
      description:
        "Renames a group, changes its display name or country, or (de)activates it; the company's root group cannot be deactivated. Audited with the fields before and after.",
      errors: ['GROUP_NOT_FOUND', 'GROUP_NAME_TAKEN', 'GROUP_ROOT_LOCKED'],
    })
    .input(ZUpdateGroupInput)
    .output(ZAdminGroup)
    .mutation(({ ctx, input }) => updateGroup(ctx.db, ctx.session, input, contextOrigin(ctx))),

  moveGroup: admin()
    .meta({
      area: GROUPS_AREA,
      description:
        'Moves a group, with everything below it, under another group of the company (never under itself or one of its subgroups; the root stays where it is). Audited.',
      errors: ['GROUP_NOT_FOUND', 'GROUP_NAME_TAKEN', 'GROUP_MOVE_INVALID', 'GROUP_ROOT_LOCKED'],
    })
    .input(ZMoveGroupInput)
    .output(ZAdminGroup)
    .mutation(({ ctx, input }) => moveGroup(ctx.db, ctx.session, input, contextOrigin(ctx))),

  setFlag: admin()
    .meta({
      area: GROUPS_AREA,
      description:
        "Sets a group's own value of a feature flag (1 on, 0 off) or, with null, lets it inherit again; applies to the group's subtree from the users' next call, without a restart, and open tabs are told (`session.changed`). Audited.",
      errors: ['GROUP_NOT_FOUND'],
    })
    .input(ZSetFlagInput)
    .output(ZAdminGroup)
    .mutation(({ ctx, input }) => setFlag(ctx.db, ctx.session, input, contextOrigin(ctx))),

  users: userManager()
    .meta({
      description:
        "The users of the caller's company, active first: of one group (`groupId`, with `subtree` also those below it) or all, matching `search` on name, last name or e-mail (500 at most).",
      errors: ['GROUP_NOT_FOUND'],
    })
    .input(ZListUsersInput)
    .output(z.array(ZAdminUser))
    .query(({ ctx, input }) => listUsers(ctx.db, ctx.tenantId, input)),

  createUser: userManager()
    .meta({
      description:
        "Creates a user in a group of the caller's company with a first password (the policy of 01 §5) that they must change at their first sign-in. E-mails are unique across the platform. Only an admin grants the admin role. Audited (never the password).",
      errors: [
        'GROUP_NOT_FOUND',
        'USER_EMAIL_TAKEN',
        'USER_ROLE_NOT_ALLOWED',
        'USER_NOT_FOUND',
        'PROFILE_PHOTO_INVALID',
      ],
    })
    .input(ZCreateUserInput)
    .output(ZAdminUser)
    .mutation(({ ctx, input }) =>
      createUser(ctx.db, ctx.session, input, ctx.deps.storage, contextOrigin(ctx)),
    ),

  updateUser: userManager()
    .meta({
      description:
        "Changes a user's name, e-mail, roles, user type ('Vendedor a prueba', 'Subagente'), group, allowed paths (jailUrl), colour, work phone, country, product type, photo (`photoPath`, a key of the upload flow; null removes it) or linked accounts (`linkedAccountsActive`; `linkedUserIds`, the other accounts of the same person in the company, which share a linked-account key); access changes apply from the user's next call. Nobody removes their own administering role; only an admin changes, or links to, an admin. Audited.",
      errors: [
        'USER_NOT_FOUND',
        'GROUP_NOT_FOUND',
        'USER_EMAIL_TAKEN',
        'USER_ROLE_NOT_ALLOWED',
        'USER_SELF_CHANGE',
        'PROFILE_PHOTO_INVALID',
      ],
    })
    .input(ZUpdateUserInput)
    .output(ZAdminUser)
    .mutation(({ ctx, input }) =>
      updateUser(ctx.db, ctx.session, input, ctx.deps.storage, contextOrigin(ctx)),
    ),

  setUserActive: userManager()
    .meta({
      description:
        'Deactivates a user (every session of theirs ends at once, open live streams within a second) or reactivates them; nobody deactivates themselves. Audited.',
      errors: ['USER_NOT_FOUND', 'USER_ROLE_NOT_ALLOWED', 'USER_SELF_CHANGE'],
    })
    .input(ZSetUserActiveInput)
    .output(ZAdminUser)
    .mutation(({ ctx, input }) => setUserActive(ctx.db, ctx.session, input, contextOrigin(ctx))),

  resetPassword: userManager()
    .meta({
      description:
        "Sets a new password for a user, who must change it at their next sign-in; the user's other sessions end. Audited (never the password).",
      errors: ['USER_NOT_FOUND', 'USER_ROLE_NOT_ALLOWED'],
    })
    .input(ZResetPasswordInput)
    .output(ZAdminUser)
    .mutation(({ ctx, input }) => resetPassword(ctx.db, ctx.session, input, contextOrigin(ctx))),

  forcePasswordChange: userManager()
    .meta({
      description:
        'Asks a user to change their password: from their next call every screen sends them to the change page. Audited.',
      errors: ['USER_NOT_FOUND', 'USER_ROLE_NOT_ALLOWED'],
    })
    .input(ZUserIdInput)
    .output(ZAdminUser)
    .mutation(({ ctx, input }) =>
      forcePasswordChange(ctx.db, ctx.session, input, contextOrigin(ctx)),
    ),

  company: admin()
    .meta({
      area: GROUPS_AREA,
      description:
        "The admin's company view (01 §2 /comercial/{companyId}): the caller's company by its root group's id, with its data, its numbers of active and inactive users, contacts and groups, and its own feature flags. Another company's id or a subgroup's is GROUP_NOT_FOUND.",
      errors: ['GROUP_NOT_FOUND'],
    })
    .input(ZCompanyInput)
    .output(ZCompanyView)
    .query(({ ctx, input }) => companyView(ctx.db, ctx.tenantId, input.id)),

  regenerateTracings: admin()
    .meta({
      area: GROUPS_AREA,
      description:
        "POST /admin/user/{id}/regenerateTracings: counts a user's performance figures (the follow-ups of 'Rendimiento' and the rest of their rollups) again from the timelines, exactly as the live writer keeps them, and replaces what was stored; answers the totals per metric before and after. Audited.",
      errors: ['USER_NOT_FOUND'],
    })
    .input(ZUserIdInput)
    .output(ZRegenerateTracingsResult)
    .mutation(({ ctx, input }) =>
      regenerateTracings(ctx.db, ctx.session, input.id, contextOrigin(ctx)),
    ),

  removeDuplicateTracing: admin()
    .meta({
      area: GROUPS_AREA,
      description:
        "POST /admin/user/{id}/removeduplicatetracing: a user's follow-up items entered twice (same contact, type, status and content, within 60 seconds of the one before: a double submit) are merged, the oldest kept and the rest deleted; messages a channel carried are never touched. The user's figures are then counted again. Answers how many were removed and the totals before and after. Audited.",
      errors: ['USER_NOT_FOUND'],
    })
    .input(ZUserIdInput)
    .output(ZRemoveDuplicateTracingResult)
    .mutation(({ ctx, input }) =>
      removeDuplicateTracing(ctx.db, ctx.session, input.id, contextOrigin(ctx)),
    ),

  moveCompany: admin()
    .meta({
      area: GROUPS_AREA,
      description:
        "POST /admin/user/{id}/movecompany: moves a user to a group of another company (`targetGroupId`, active). Refused while the user holds anything in their company (assigned contacts, open request sales, pending scheduled messages, the company's coach role): USER_MOVE_BLOCKED names what to transfer first. The account in the source company is deactivated (its sessions end at once) and keeps its history there; the person continues with a new account in the target company (same e-mail, password, roles). Audited in both companies.",
      errors: [
        'USER_NOT_FOUND',
        'GROUP_NOT_FOUND',
        'USER_MOVE_BLOCKED',
        'USER_MOVE_SAME_COMPANY',
        'USER_SELF_CHANGE',
      ],
    })
    .input(ZMoveCompanyInput)
    .output(ZMoveCompanyResult)
    .mutation(({ ctx, input }) => moveCompany(ctx.db, ctx.session, input, contextOrigin(ctx))),

  audit: admin()
    .meta({
      area: GROUPS_AREA,
      description:
        "The audit log of administrative changes of the caller's company, newest first, 50 a page (`cursor` = the last id shown): who (the real person behind an impersonated session), when, the action and the fields before and after; of one group (its own changes and its users') when `groupId` is given.",
    })
    .input(ZAuditInput)
    .output(z.object({ entries: z.array(ZAuditEntry), hasMore: z.boolean() }))
    .query(({ ctx, input }) => listAudit(ctx.db, ctx.tenantId, input)),
});
