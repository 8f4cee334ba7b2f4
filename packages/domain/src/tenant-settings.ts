import { z } from 'zod';
import { ZHttpUrl } from './input';
import { ZContactFormItem } from './contact-form';
import { ZArchivingReason } from './conversation';
import { ZGoalConfigEntry } from './metrics';
import { ZShortcut } from './shortcuts';
import { MAX_PASSWORD_MIN_LENGTH, MIN_PASSWORD_LENGTH } from './password';

/** The longest password expiry a company may set, in days (ten years). */
export const MAX_PASSWORD_AGE_DAYS = 3650;

/*
 * A tenant's configuration lives in its root group's `configs`, one section per area. Each section
 * is described once here and read on the server through one reader (modules/tenant-settings),
 * which parses it with its schema: a field that does not parse falls back to its default alone,
 * so one bad value never hides the rest of the configuration. The administration screens to come
 * write through the same schemas.
 */

/**
 * The external contact system a tenant may connect (02 §4, §7): three addresses and a token.
 * The token is stored sealed (`tokenSealed`, AES-256-GCM under the instance's SECRETS_KEY, set by
 * 'Mi Empresa'); a `token` in clear is what an older configuration may hold, still read (and
 * sealed at the next save). Neither is ever sent to a browser.
 */
export const ZExternalSystemConfig = z.object({
  name: z.string().min(1),
  validateUrl: ZHttpUrl,
  createUrl: ZHttpUrl,
  updateUrl: ZHttpUrl,
  /** 03 §7 'External statistics': GET ?id={contactId} with the same token (issue #43 item 3). */
  statsUrl: ZHttpUrl.optional(),
  token: z.string().min(1).optional(),
  tokenSealed: z.string().min(1).optional(),
});
export type ExternalSystemConfig = z.infer<typeof ZExternalSystemConfig>;

/** `configs.contacts`: the contact sheet and what may be done to contacts (02 §4–§6, 03 §5). */
export const ZContactsConfig = z.object({
  form: z.array(ZContactFormItem).optional().catch(undefined),
  phoneOptional: z.boolean().optional().catch(undefined),
  unify: z
    .object({ active: z.boolean(), roles: z.array(z.string()) })
    .optional()
    .catch(undefined),
  /** 03 §5 crmConfig.canRolesCreateSubConversations (default 'all'). */
  subConversationRoles: z.array(z.string()).optional().catch(undefined),
  externalSystem: ZExternalSystemConfig.optional().catch(undefined),
});

/**
 * `configs.conversation`: archiving reasons, visits, feedback, the bot, shortcuts and meetings
 * (03 §3). crmConfig's manual sales are `configs.sale.manualSales` and its sub-conversation roles
 * `configs.contacts.subConversationRoles`, where their readers are; `enableMeetings` is here.
 */
export const ZConversationConfig = z.object({
  archivingReasons: z.array(ZArchivingReason).default([]).catch([]),
  visitResults: z
    .array(z.object({ code: z.string(), name: z.string(), active: z.boolean().default(true) }))
    .default([])
    .catch([]),
  visitComment: z
    .object({
      required: z.boolean().default(true),
      minChars: z.number().int().min(0).default(0),
      maxChars: z.number().int().min(1).default(2500),
    })
    .optional()
    .catch(undefined),
  /** Roles that may leave feedback on a contact (03 §2.2 'Feedback' tab). */
  feedbackRoles: z.array(z.string()).default(['super', 'comercial']).catch(['super', 'comercial']),
  /** The tenant's bot (03 §2.1 bot chip); missing = no bot configured. */
  bot: z.object({ active: z.boolean() }).optional().catch(undefined),
  /** 03 §3 Shortcut: the conversation's shortcut tabs and info-panel links, in this order. */
  shortcuts: z
    .array(z.unknown())
    .default([])
    .catch([])
    // One unreadable shortcut is left out, never the others.
    .transform((items) =>
      items.flatMap((item) => {
        const parsed = ZShortcut.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  /** 03 §3 crmConfig.enableMeetings (03 §2.2 'Reunión'). */
  enableMeetings: z.boolean().optional().catch(undefined),
  /**
   * 03 §3 meetingSettings (issue #40): the approved WhatsApp template a meeting reminder uses
   * outside the customer's 24-hour window (its first parameter is the reminder's text).
   */
  meetingSettings: z
    .object({
      reminderTemplate: z.object({ name: z.string(), language: z.string() }).optional(),
    })
    .optional()
    .catch(undefined),
});

/** `configs.companies`: how companies are named and shown (issue #4). */
export const ZCompaniesConfig = z.object({
  singular: z.string().optional().catch(undefined),
  plural: z.string().optional().catch(undefined),
  panelLabel: z.string().optional().catch(undefined),
  icon: z.string().optional().catch(undefined),
  defaultFields: z
    .record(
      z.string(),
      z.object({
        hidden: z.boolean().optional(),
        required: z.boolean().optional(),
        label: z.string().optional(),
      }),
    )
    .default({})
    .catch({}),
});

/**
 * A sale template (03 §3 Sale template): how a sale of the company is typed and drawn. Its code
 * is stored as the sale's `type`; `hiddenFields` names fields of the sale bubble not shown
 * (SALE_BUBBLE_FIELDS of sales.ts).
 */
export const ZSaleTemplate = z.object({
  code: z.string().min(1).max(60),
  structureType: z.enum(['simple', 'multiline']).default('simple'),
  default: z.boolean().default(false),
  saleTitle: z.string().max(120).optional(),
  bubbleTitle: z.string().max(120).optional(),
  hiddenFields: z.array(z.string()).default([]),
});
export type SaleTemplate = z.output<typeof ZSaleTemplate>;

/** `configs.sale`: the group's sale configuration (01 §3); presale turns 'Crear preventa' on. */
export const ZSaleConfig = z.object({
  presale: z.boolean().optional().catch(undefined),
  /** 01 §2: the company's own name of /comercial/requestsale (default 'Solicitudes'). */
  requestSaleLabel: z.string().trim().min(1).max(40).optional().catch(undefined),
  /** The sale templates (03 §3); none = one simple sale. */
  templates: z.array(ZSaleTemplate).default([]).catch([]),
  /** The presale template of 'Crear preventa' (01 §7 GET /company/presaletemplate). */
  presaleTemplate: ZSaleTemplate.optional().catch(undefined),
  /**
   * 03 §3 crmConfig.manualSales: with `active`, only these roles ('all' for every one) see the
   * 'Venta Manual' tab, which the `manualSale` feature flag turns on (03 §2.2).
   */
  manualSales: z
    .object({ active: z.boolean(), roles: z.array(z.string()).default([]) })
    .optional()
    .catch(undefined),
});

/**
 * `configs.goals`: the company goal config (01 §3 Goals): which goal metrics, and which of them
 * hidden, by start date. Without history the default metrics of 01 §9 apply.
 */
export const ZGoalsConfig = z.object({
  history: z.array(ZGoalConfigEntry).default([]).catch([]),
});

/**
 * `configs.security`: the company's password policy (01 §7 /group/{id}/securityrule; issue #17),
 * only ever stricter than the product's own (packages/domain/src/password.ts): a longer minimum
 * and an expiry in days (0 = never).
 */
export const ZSecurityConfig = z.object({
  passwordMinLength: z
    .number()
    .int()
    .min(MIN_PASSWORD_LENGTH)
    .max(MAX_PASSWORD_MIN_LENGTH)
    .default(MIN_PASSWORD_LENGTH)
    .catch(MIN_PASSWORD_LENGTH),
  passwordMaxAgeDays: z.number().int().min(0).max(MAX_PASSWORD_AGE_DAYS).default(0).catch(0),
});
export type SecurityConfig = z.output<typeof ZSecurityConfig>;

export const TENANT_SETTINGS_SECTIONS = {
  contacts: ZContactsConfig,
  goals: ZGoalsConfig,
  conversation: ZConversationConfig,
  companies: ZCompaniesConfig,
  sale: ZSaleConfig,
  security: ZSecurityConfig,
} as const;
export type TenantSettingsSection = keyof typeof TENANT_SETTINGS_SECTIONS;
export type TenantSettingsOf<S extends TenantSettingsSection> = z.output<
  (typeof TENANT_SETTINGS_SECTIONS)[S]
>;

/** A section parsed with its schema; anything unreadable gives the section's defaults. */
export function parseTenantSection<S extends TenantSettingsSection>(
  section: S,
  raw: unknown,
): TenantSettingsOf<S> {
  const schema = TENANT_SETTINGS_SECTIONS[section];
  const parsed = schema.safeParse(raw && typeof raw === 'object' ? raw : {});
  return (parsed.success ? parsed.data : schema.parse({})) as TenantSettingsOf<S>;
}
