import { z } from 'zod';
import { CATALOG_CODE_PATTERN } from './conversation';
import { companyEs } from './i18n/company.es';
import { ROLES } from './roles';

/*
 * The inputs of the conversation configuration editors of 'Mi Empresa' (03 §3 Group
 * configuration; issue #17): visit results and the visit comment rules, who gives feedback, and
 * crmConfig (manual sales, meetings, who creates sub-conversations). Where each is stored is
 * modules/catalog/conversation-config.service.ts's business; these are the shapes and the
 * Spanish errors every caller gets.
 */

const text = companyEs;

/** 03 §3 Visit result: code (fixed once created: visits keep it), name, active. */
export const ZVisitResultInput = z.object({
  code: z.string({ error: text.codeRequired }).trim().regex(CATALOG_CODE_PATTERN, text.codeInvalid),
  name: z.string({ error: text.nameRequired }).trim().min(1, text.nameRequired).max(120),
  active: z.boolean().default(true),
});
export const ZVisitResultChanges = ZVisitResultInput.omit({ code: true });

/** The longest visit comment anyone may ask for (the visit form's own limit). */
export const VISIT_COMMENT_MAX = 2500;

/** 03 §5 visit comment rules: required, and the bounds of its length. */
export const ZVisitCommentInput = z
  .object({
    required: z.boolean(),
    minChars: z
      .number({ error: text.visits.minInvalid })
      .int(text.visits.minInvalid)
      .min(0, text.visits.minInvalid)
      .max(VISIT_COMMENT_MAX, text.visits.minInvalid),
    maxChars: z
      .number({ error: text.visits.maxInvalid })
      .int(text.visits.maxInvalid)
      .min(1, text.visits.maxInvalid)
      .max(VISIT_COMMENT_MAX, text.visits.maxInvalid),
  })
  .refine((rules) => rules.minChars <= rules.maxChars, {
    path: ['minChars'],
    message: text.visits.minAboveMax,
  });

const ZRole = z.enum(ROLES, { error: text.conversationRules.rolesInvalid });
const unique = <T>(values: T[]) => [...new Set(values)];

/** 03 §2.2: the roles that see the 'Feedback' tab (empty: nobody). */
export const ZFeedbackRolesInput = z.object({
  roles: z.array(ZRole).max(ROLES.length).transform(unique),
});

/** 'all' or roles: who sees 'Venta Manual' when it is limited. */
export const MANUAL_SALE_ROLES = ['all', ...ROLES] as const;
/** 03 §5: 'all', 'owner' (the contact's agent) or roles may create sub-conversations. */
export const SUB_CONVERSATION_ROLES = ['all', 'owner', ...ROLES] as const;

/** crmConfig as the editor and GET /group/{id}/crmconfig show it (03 §3 Group configuration). */
export const ZCrmConfig = z.object({
  manualSales: z.object({ active: z.boolean(), roles: z.array(z.string()) }),
  enableMeetings: z.boolean(),
  canRolesCreateSubConversations: z.array(z.string()),
});
export type CrmConfig = z.infer<typeof ZCrmConfig>;

/** A change of crmConfig: what is left out stays as it is (PATCH /group/{id}/crmconfig). */
export const ZCrmConfigChanges = z.object({
  manualSales: z
    .object({
      active: z.boolean(),
      roles: z
        .array(z.enum(MANUAL_SALE_ROLES, { error: text.conversationRules.rolesInvalid }))
        .max(MANUAL_SALE_ROLES.length)
        .transform(unique),
    })
    .optional(),
  enableMeetings: z.boolean().optional(),
  canRolesCreateSubConversations: z
    .array(z.enum(SUB_CONVERSATION_ROLES, { error: text.conversationRules.rolesInvalid }))
    .max(SUB_CONVERSATION_ROLES.length)
    .transform(unique)
    .optional(),
});
export type CrmConfigChanges = z.input<typeof ZCrmConfigChanges>;
