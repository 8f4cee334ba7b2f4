import type { Executor } from '../client';
import type { Group } from '../schema/groups';
import type { User } from '../schema/users';
import {
  createCompany,
  createContact,
  createCustomField,
  createOrigin,
  createSector,
  createSharedOption,
  createStatusTag,
} from './factories';

/** 02 §3 lead stages of the demo tenant, in pipeline order. */
const LEAD_STAGES = [
  ['new', 'Nuevo', '#1971C2'],
  ['contacted', 'Contactado', '#0C8599'],
  ['offered', 'Ofertado', '#F08C00'],
  ['presale', 'Pre-venta', '#9C36B5'],
  ['sale', 'Venta', '#2F9E44'],
  ['canceled', 'Cancelado', '#E03131'],
  ['empty', 'Sin etiqueta', '#868E96'],
] as const;

const ORIGINS = [
  ['carga-manual', 'Carga manual'],
  ['web', 'Sitio web'],
  ['whatsapp', 'WhatsApp'],
  ['referido', 'Referido'],
  ['feria', 'Feria comercial'],
] as const;

const SECTOR_NAMES = ['Compras', 'Administración', 'Gerencia', 'Logística', 'Marketing'];
const INDUSTRIES = ['Agro', 'Construcción', 'Retail', 'Servicios', 'Tecnología', 'Salud'];
const CITIES = ['Montevideo', 'Canelones', 'Maldonado', 'Salto', 'Paysandú', 'Rivera'];
const NAMES = [
  'Agropecuaria del Este',
  'Barraca Central',
  'Café del Puerto',
  'Clínica Sur',
  'Constructora Atlántida',
  'Distribuidora Oriental',
  'El Fogón Parrilla',
  'Estancia La Paloma',
  'Farmacia San Carlos',
  'Ferretería Artigas',
  'Frigorífico Tacuarembó',
  'Hotel Rambla',
  'Imprenta Rápida',
  'Laboratorio Cerro',
  'Librería Ciudad Vieja',
  'Logística Rincón',
  'Maderera Norte',
  'Metalúrgica Colonia',
  'Molino Florida',
  'Óptica Punta Carretas',
  'Panadería La Espiga',
  'Quesería Nueva Helvecia',
  'Seguros del Plata',
  'Software Pocitos',
  'Supermercado El Prado',
  'Textil Paysandú',
  'Transportes Salto',
  'Veterinaria Carrasco',
  'Vinos de Canelones',
  'Zapatería Sayago',
];

/** Demo data of the companies area (issue #4). */
export async function seedCompaniesDemo(
  db: Executor,
  demo: Group,
  other: Group,
  owners: { seller: User; supervisor: User },
) {
  for (const [index, [code, name, color]] of LEAD_STAGES.entries()) {
    await createStatusTag(db, demo, { code, name, color, position: index });
  }
  for (const [index, [code, name]] of ORIGINS.entries()) {
    await createOrigin(db, demo, { code, name, position: index });
  }
  await createStatusTag(db, other, { code: 'new', name: 'Nuevo', color: '#1971C2' });
  await createOrigin(db, other, { code: 'carga-manual', name: 'Carga manual' });

  // One company field of each of the 12 types (02 §3).
  const field = (
    code: string,
    name: string,
    type: Parameters<typeof createCustomField>[2]['type'],
    extra: Partial<Parameters<typeof createCustomField>[2]> = {},
  ) => createCustomField(db, demo, { entity: 'company', code, name, type, ...extra });
  await field('rubro', 'Rubro', 'select', {
    options: INDUSTRIES.map((industry) => ({ name: industry })),
    position: 1,
  });
  await field('empleados', 'Cantidad de empleados', 'number', { position: 2 });
  await field('sitio_web', 'Sitio web', 'string', {
    placeholder: 'https://',
    maxChars: 200,
    position: 3,
  });
  await field('fecha_alta', 'Cliente desde', 'date', { position: 4 });
  await field('lineas', 'Líneas de producto', 'multiselect', {
    options: [{ name: 'Seguros' }, { name: 'Créditos' }, { name: 'Ahorro' }],
    position: 5,
  });
  await field('telefonos', 'Teléfonos', 'phonenumbers', { position: 6 });
  await field('contacto_principal', 'Contacto principal', 'selectcontact', { position: 7 });
  await field('referentes', 'Referentes', 'multiplecontact', { position: 8 });
  await field('casa_matriz', 'Casa matriz', 'selectcompany', { position: 9 });
  await field('relacionadas', 'Empresas relacionadas', 'multiplecompany', { position: 10 });
  const labels = await field('etiquetas', 'Etiquetas', 'sharedmultioptions', { position: 11 });
  await field('sucursal', 'Dirección de sucursal', 'direction', { position: 12 });
  await field('codigo_cliente', 'Código de cliente', 'string', { uniqueField: true, position: 13 });
  for (const [code, name, color] of [
    ['vip', 'VIP', '#C2185B'],
    ['exporta', 'Exportador', '#00875A'],
    ['nuevo', 'Cliente nuevo', '#0080FF'],
  ] as const) {
    await createSharedOption(db, labels, { code, name, backgroundColor: color });
  }

  const companies = [];
  for (const [index, name] of NAMES.entries()) {
    const city = CITIES[index % CITIES.length]!;
    const company = await createCompany(db, demo, {
      businessName: `${name} S.A.`,
      displayName: name,
      taxCode: String(210_000_000_000 + index * 7_919),
      description: `${INDUSTRIES[index % INDUSTRIES.length]} en ${city}.`,
      origin: index % 4 === 0 ? 'Feria comercial' : 'Carga manual',
      hasSectors: index % 3 !== 2,
      direction: { formatted_address: `Calle ${index + 1} ${100 + index}, ${city}, Uruguay` },
      managerId: index % 2 === 0 ? owners.supervisor.id : null,
      additionalData: {
        rubro: INDUSTRIES[index % INDUSTRIES.length],
        empleados: 5 + ((index * 37) % 400),
        fecha_alta: `20${String(15 + (index % 10)).padStart(2, '0')}-0${1 + (index % 9)}-1${index % 9}`,
        codigo_cliente: `C-${String(index + 1).padStart(4, '0')}`,
        ...(index % 5 === 0 ? { etiquetas: ['vip'] } : {}),
      },
    });
    companies.push(company);
    if (company.hasSectors) {
      for (const sector of SECTOR_NAMES.slice(0, 2 + (index % 3))) {
        await createSector(db, company, sector);
      }
    }
  }

  // A few contacts so companies can show and affiliate them; the contacts area adds the rest.
  for (const name of ['Andrea Pérez', 'Bruno Silva', 'Carolina Díaz']) {
    const [firstName, lastName] = name.split(' ') as [string, string];
    await createContact(db, demo, { firstName, lastName, agentId: owners.seller.id });
  }

  for (const name of ['Comercial Palermo', 'Distribuidora Rosario', 'Bodega Mendoza']) {
    await createCompany(db, other, {
      businessName: `${name} S.R.L.`,
      displayName: name,
      taxCode: `30-${(Math.abs(hash(name)) % 90_000_000) + 10_000_000}-1`,
      direction: { formatted_address: `${name}, Argentina` },
    });
  }
  return { companies };
}

function hash(text: string) {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) | 0;
  return value;
}
