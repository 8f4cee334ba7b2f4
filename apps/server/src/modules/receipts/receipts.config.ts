import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import {
  SALE_BUBBLE_FIELDS,
  type ZBubbleTemplateInput,
  type ZSaleConfigInput,
  type ZSaleTemplateInput,
} from '@cartera/domain/sales';
import { ZSaleTemplate, type SaleTemplate } from '@cartera/domain/tenant-settings';
import { changeTenantSection, tenantSettings } from '../tenant-settings/tenant-settings.service';

/*
 * The company's sale configuration as 'Mi Empresa' edits it (issue #17; 01 §3 sale config,
 * 03 §3 Sale template): the presale flag, the sale templates and the presale template, and the
 * bubble part of a template (01 §7 'saleconfig bubbletemplate'). Writes go through
 * changeTenantSection, so the rest of `configs.sale` (the request sale label, crmConfig's
 * manual sales) stays as it is.
 */

export const ZSaleConfig = z.object({
  presale: z.boolean(),
  templates: z.array(ZSaleTemplate),
  presaleTemplate: ZSaleTemplate.nullable(),
});
export type SaleConfigView = z.infer<typeof ZSaleConfig>;

/** 01 §7 'bubbletemplate': each template's bubble, the presale template's marked `presale`. */
export const ZBubbleTemplates = z.array(
  z.object({
    code: z.string(),
    presale: z.boolean(),
    bubbleTitle: z.string(),
    hiddenFields: z.array(z.string()),
  }),
);

export async function saleConfig(db: Executor, tenantId: string): Promise<SaleConfigView> {
  const config = await tenantSettings(db, tenantId, 'sale');
  return {
    presale: config.presale === true,
    templates: config.templates,
    presaleTemplate: config.presaleTemplate ?? null,
  };
}

export async function bubbleTemplates(db: Executor, tenantId: string) {
  const config = await saleConfig(db, tenantId);
  const bubbleOf = (template: SaleTemplate, presale: boolean) => ({
    code: template.code,
    presale,
    bubbleTitle: template.bubbleTitle ?? '',
    hiddenFields: template.hiddenFields,
  });
  return [
    ...config.templates.map((template) => bubbleOf(template, false)),
    ...(config.presaleTemplate ? [bubbleOf(config.presaleTemplate, true)] : []),
  ];
}

/** A checked template as stored: empty titles left out (the screens fall back to theirs). */
function stored(template: z.output<typeof ZSaleTemplateInput>): SaleTemplate {
  return {
    code: template.code,
    structureType: template.structureType,
    default: template.default,
    ...(template.saleTitle ? { saleTitle: template.saleTitle } : {}),
    ...(template.bubbleTitle ? { bubbleTitle: template.bubbleTitle } : {}),
    hiddenFields: template.hiddenFields,
  };
}

/** Replaces presale, the templates and the presale template (null: none). */
export async function saveSaleConfig(
  db: Database,
  tenantId: string,
  input: z.output<typeof ZSaleConfigInput>,
): Promise<SaleConfigView> {
  await changeTenantSection(db, tenantId, 'sale', () => ({
    values: {
      presale: input.presale,
      templates: input.templates.map(stored),
      presaleTemplate: input.presaleTemplate ? stored(input.presaleTemplate) : undefined,
    },
    result: undefined,
  }));
  return saleConfig(db, tenantId);
}

/**
 * Changes the bubble of one template (a sale template's code, or the presale template's): its
 * title and hidden fields. An unknown code is refused with the field's Spanish text.
 */
export async function saveBubbleTemplate(
  db: Database,
  tenantId: string,
  input: z.output<typeof ZBubbleTemplateInput>,
) {
  await changeTenantSection(db, tenantId, 'sale', (current) => {
    const change = (template: SaleTemplate): SaleTemplate => {
      const { bubbleTitle: _old, ...rest } = template;
      return {
        ...rest,
        ...(input.bubbleTitle ? { bubbleTitle: input.bubbleTitle } : {}),
        hiddenFields: input.hiddenFields.filter((field) =>
          (SALE_BUBBLE_FIELDS as readonly string[]).includes(field),
        ),
      };
    };
    if (current.templates.some((template) => template.code === input.code)) {
      return {
        values: {
          templates: current.templates.map((template) =>
            template.code === input.code ? change(template) : template,
          ),
        },
        result: undefined,
      };
    }
    if (current.presaleTemplate?.code === input.code) {
      return { values: { presaleTemplate: change(current.presaleTemplate) }, result: undefined };
    }
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { code: es.fieldsConfig.sale.templateNotFound },
    });
  });
  return bubbleTemplates(db, tenantId);
}
