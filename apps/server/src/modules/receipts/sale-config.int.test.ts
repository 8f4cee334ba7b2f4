import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../testing/demo-app';
import { COMERCIAL, SELLER } from '../../testing/demo-users';

/*
 * The sale configuration of 'Mi Empresa' (issue #17; 01 §3, 03 §3, 01 §7 'saleconfig
 * bubbletemplate'): what a comercial saves is what the seller's sale screens read
 * (receipt.config, 'Crear preventa', the bubble), through tRPC and the legacy REST paths alike.
 */
const env = useDemoApp();

describe('la configuración de ventas', () => {
  it('guarda preventas y plantillas; la configuración del vendedor lo sigue y lo demás se conserva', async () => {
    const otherBefore = await env.groupConfigs(env.demo.other.id);
    const current = (await env.call(COMERCIAL, 'receipt.saleConfig')).data;
    expect(current.templates.map((template) => template.code)).toEqual(['planes', 'equipos']);

    const saved = await env.call(COMERCIAL, 'receipt.saveSaleConfig', {
      presale: false,
      templates: [
        ...current.templates.map((template) => ({ ...template, default: false })),
        {
          code: 'servicios',
          structureType: 'simple',
          default: true,
          saleTitle: 'Venta de servicios',
          bubbleTitle: ' Servicio vendido ',
          hiddenFields: ['gov_id', 'category', 'gov_id'],
        },
      ],
      presaleTemplate: null,
    });
    expect(saved.error).toBeUndefined();
    const seller = (await env.call(SELLER, 'receipt.config')).data;
    expect(seller.presale).toBe(false);
    expect(seller.presaleTemplate).toBeNull();
    expect(seller.templates.find((template) => template.code === 'servicios')).toEqual({
      code: 'servicios',
      structureType: 'simple',
      default: true,
      saleTitle: 'Venta de servicios',
      bubbleTitle: 'Servicio vendido',
      hiddenFields: ['gov_id', 'category'],
    });
    // 'Venta Manual' (crmConfig) is not this editor's: it stays.
    expect(seller.manualSale).toBe(true);
    const me = (await env.call(COMERCIAL, 'auth.me')).data;
    expect(me?.settings.presale).toBe(false);
    expect(await env.groupConfigs(env.demo.other.id)).toEqual(otherBefore);
  });

  it('rechaza en español códigos repetidos y dos plantillas por defecto; un vendedor no cambia nada', async () => {
    const before = (await env.call(COMERCIAL, 'receipt.saleConfig')).data;
    const invalid = await env.call(COMERCIAL, 'receipt.saveSaleConfig', {
      presale: true,
      templates: [{ code: 'planes', default: true }, { code: 'otra' }, { code: 'con espacio' }],
      presaleTemplate: null,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.error?.data.fieldErrors).toEqual({
      'templates.2.code': ['Usa solo letras, números, guiones y guiones bajos (hasta 60).'],
    });
    const repeated = await env.call(COMERCIAL, 'receipt.saveSaleConfig', {
      presale: true,
      templates: [
        { code: 'planes', default: true },
        { code: 'planes', default: true },
      ],
      presaleTemplate: null,
    });
    expect(repeated.error?.data.fieldErrors).toEqual({
      'templates.1.code': ['Ya existe una plantilla con ese código.'],
      'templates.0.default': ['Solo una plantilla puede ser la plantilla por defecto.'],
      'templates.1.default': ['Solo una plantilla puede ser la plantilla por defecto.'],
    });
    const bySeller = await env.call(SELLER, 'receipt.saveSaleConfig', {
      presale: true,
      templates: [],
      presaleTemplate: null,
    });
    expect(bySeller.error?.data.domainCode).toBe('PERMISSION_DENIED');
    expect((await env.call(SELLER, 'receipt.saleConfig')).status).toBe(403);
    expect((await env.call(COMERCIAL, 'receipt.saleConfig')).data).toEqual(before);
  });

  it('GET y PATCH /group/{id}/saleconfig y su bubbletemplate; otra empresa ni un vendedor', async () => {
    const path = `/api/group/${env.demo.demo.id}/saleconfig`;
    const read = await env.rest<{ presale: boolean; templates: Array<{ code: string }> }>(
      COMERCIAL,
      'GET',
      path,
    );
    expect(read.status).toBe(200);
    const patched = await env.rest<{ presale: boolean; presaleTemplate: { code: string } }>(
      COMERCIAL,
      'PATCH',
      path,
      {
        presale: true,
        templates: read.body.templates,
        presaleTemplate: { code: 'preventa', structureType: 'multiline', saleTitle: 'Preventa' },
      },
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ presale: true, presaleTemplate: { code: 'preventa' } });
    expect((await env.call(SELLER, 'receipt.config')).data.presale).toBe(true);

    const bubble = await env.rest<Array<{ code: string; presale: boolean }>>(
      COMERCIAL,
      'PATCH',
      `${path}/bubbletemplate`,
      { code: 'preventa', bubbleTitle: 'Preventa tomada', hiddenFields: ['date_sale', 'value'] },
    );
    expect(bubble.status).toBe(200);
    expect(bubble.body.find((each) => each.presale)).toEqual({
      code: 'preventa',
      presale: true,
      bubbleTitle: 'Preventa tomada',
      hiddenFields: ['date_sale', 'value'],
    });
    const template = (await env.call(SELLER, 'receipt.config')).data.presaleTemplate;
    expect(template).toMatchObject({ bubbleTitle: 'Preventa tomada', saleTitle: 'Preventa' });
    const unknown = await env.rest<{ fieldErrors: Record<string, string[]> }>(
      COMERCIAL,
      'PATCH',
      `${path}/bubbletemplate`,
      { code: 'no-existe', bubbleTitle: 'X' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors).toEqual({ code: ['No se encontró la plantilla.'] });

    const foreign = `/api/group/${env.demo.other.id}/saleconfig`;
    expect((await env.rest(COMERCIAL, 'GET', foreign)).status).toBe(404);
    expect(
      (
        await env.rest(COMERCIAL, 'PATCH', foreign, {
          presale: true,
          templates: [],
          presaleTemplate: null,
        })
      ).status,
    ).toBe(404);
    expect((await env.rest(SELLER, 'GET', path)).status).toBe(403);
    expect(
      (await env.rest(SELLER, 'PATCH', `${path}/bubbletemplate`, { code: 'planes' })).status,
    ).toBe(403);
    expect(((await env.groupConfigs(env.demo.other.id)).sale as unknown) ?? null).toBeNull();
  });
});
