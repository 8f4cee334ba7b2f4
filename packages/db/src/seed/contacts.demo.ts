import { asc, eq } from 'drizzle-orm';
import { normalizePhone, parsePhone } from '@cartera/domain/phone';
import { contactSearchText, foldText } from '@cartera/domain/search';
import type { Executor } from '../client';
import { newId } from '@cartera/domain/ids';
import { companies, sectors } from '../schema/companies';
import { companyContacts, contacts, type PhoneMetadata } from '../schema/contacts';
import type { Group } from '../schema/groups';
import type { User } from '../schema/users';
import { PERSON_FIRST_NAMES, PERSON_LAST_NAMES } from './names';

/**
 * Demo data of the contacts area (issue #5): 500 contacts in Demo Uruguay spread over its
 * sellers and 50 in Otra Empresa. Everything but the ids comes from a seeded generator, so two
 * seeds hold the same people, numbers, tags and affiliations.
 *
 * The three contacts of companies.demo.ts (Andrea Pérez, Bruno Silva, Carolina Díaz) stay the
 * only ones with their names, so screens and tests can still pick them by a search; that is why
 * none of the names below contains 'andr', 'bru', 'carol', 'diego', 'pérez', 'silva' or 'díaz'.
 */

export const DEMO_CONTACTS = 500;
export const OTHER_CONTACTS = 50;

/** Company that keeps an empty contacts panel: the browser tests add its first contact. */
const COMPANIES_WITHOUT_CONTACTS = new Set(['Barraca Central']);

/** Names that would collide with the three named contacts of the companies demo. */
const RESERVED = ['andr', 'bru', 'carol', 'diego', 'perez', 'silva', 'diaz'];
const isReserved = (name: string) => RESERVED.some((part) => foldText(name).includes(part));

const FIRST_NAMES = PERSON_FIRST_NAMES.filter((name) => !isReserved(name));

const LAST_NAMES = PERSON_LAST_NAMES.filter((name) => !isReserved(name));

const MAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'adinet.com.uy', 'vera.com.uy'];
const AR_MAIL_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'yahoo.com.ar',
  'outlook.com',
  'fibertel.com.ar',
];

/** Argentine area codes of mobiles and the length of the subscriber number after them. */
const AR_AREAS: Array<[string, number]> = [
  ['11', 8],
  ['11', 8],
  ['11', 8],
  ['351', 7],
  ['341', 7],
  ['261', 7],
  ['223', 7],
];

const DETAILS = [
  'Interesado en el seguro del auto; prefiere que lo llamen después de las 18 h.',
  'Pidió presupuesto para la flota de la empresa.',
  'Cliente desde hace años, renovó el año pasado.',
  'Vino por la promoción de la web; quiere comparar precios.',
  'Consultó por financiación en 12 cuotas.',
  'Referido por un cliente de Pocitos.',
  'No contesta de mañana; escribir por WhatsApp.',
  'Está evaluando otra propuesta, volver a contactar el mes que viene.',
  'Quiere una demostración presencial en su local.',
  'Pidió que le envíen la información por correo.',
];

const ORIGIN_TEXTS: Record<string, string[]> = {
  feria: ['Expo Prado', 'Expoactiva', 'Feria de Punta del Este'],
  referido: ['Recomendado por un cliente', 'Contacto de un proveedor'],
  web: ['Formulario de contacto', 'Chat del sitio'],
};

/** The role a contact has in a company, by the sector it is in. */
const ROLES_BY_SECTOR: Record<string, string[]> = {
  Compras: ['Gerente de compras', 'Comprador', 'Asistente de compras'],
  Administración: ['Encargada de administración', 'Contador', 'Auxiliar administrativo'],
  Gerencia: ['Gerente general', 'Socio', 'Director'],
  Logística: ['Jefe de logística', 'Encargado de depósito'],
  Marketing: ['Responsable de marketing', 'Community manager'],
};
const ROLES_WITHOUT_SECTOR = ['Dueño', 'Gerente de compras', 'Encargado', 'Administrativa'];

/**
 * Streets and neighbourhoods of Montevideo (their centre, roughly) for the located demo contacts
 * of the contact map (issue #44 item 1); a contact's point is a few blocks around its centre.
 */
const MONTEVIDEO_PLACES: Array<{
  street: string;
  barrio: string;
  latitude: number;
  longitude: number;
}> = [
  { street: 'Av. 18 de Julio', barrio: 'Centro', latitude: -34.9058, longitude: -56.1913 },
  { street: 'Sarandí', barrio: 'Ciudad Vieja', latitude: -34.9067, longitude: -56.2065 },
  { street: 'Av. Brasil', barrio: 'Pocitos', latitude: -34.9089, longitude: -56.1519 },
  { street: 'Rambla Gandhi', barrio: 'Punta Carretas', latitude: -34.9215, longitude: -56.1612 },
  { street: 'Av. Rivera', barrio: 'Buceo', latitude: -34.8985, longitude: -56.1307 },
  { street: 'Av. Italia', barrio: 'Malvín', latitude: -34.8882, longitude: -56.1049 },
  { street: 'Av. Agraciada', barrio: 'Prado', latitude: -34.8612, longitude: -56.2043 },
  { street: 'Av. General Flores', barrio: 'Goes', latitude: -34.8807, longitude: -56.1777 },
  { street: 'Av. 8 de Octubre', barrio: 'La Blanqueada', latitude: -34.8881, longitude: -56.1571 },
  { street: 'Av. Millán', barrio: 'Sayago', latitude: -34.8413, longitude: -56.2139 },
  { street: 'Camino Carrasco', barrio: 'Carrasco', latitude: -34.8867, longitude: -56.0591 },
  { street: 'Av. Garzón', barrio: 'Colón', latitude: -34.8044, longitude: -56.2252 },
];

/** Share of the demo company's contacts with an address and its point on the map. */
const LOCATED_SHARE = 0.4;

const DEMO_TAGS = ['new', 'contacted', 'offered', 'presale', 'sale', 'canceled'];
const DEMO_ORIGINS = ['carga-manual', 'web', 'whatsapp', 'referido', 'feria'];

const DAY_MS = 24 * 60 * 60 * 1000;
/** About 18 months. */
const HISTORY_MS = 548 * DAY_MS;

/** mulberry32: a tiny deterministic generator, enough for demo data. */
export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    /** An integer in [0, max). */
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (probability: number) => next() < probability,
    digits: (count: number) =>
      Array.from({ length: count }, () => String(Math.floor(next() * 10))).join(''),
  };
}

type Random = ReturnType<typeof generator>;

/** Numbers that read like the ones tests and examples type (099 123 456) are never generated. */
function looksLikeExample(digits: string) {
  return /12345|23456|34567|45678|56789|0000/.test(digits);
}

/** A valid number of `kind`, in E.164, not yet used in the tenant. */
function uniquePhone(
  random: Random,
  used: Set<string>,
  kind: 'uy-mobile' | 'uy-landline' | 'ar-mobile' | 'ar-landline',
  tenantCountry: string,
) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    let candidate: string;
    let country: 'UY' | 'AR';
    if (kind === 'uy-mobile') {
      candidate = `+5989${1 + random.int(9)}${random.digits(6)}`;
      country = 'UY';
    } else if (kind === 'uy-landline') {
      candidate = `+5982${random.pick(['4', '6', '7', '9'])}${random.digits(6)}`;
      country = 'UY';
    } else if (kind === 'ar-mobile') {
      const [area, length] = random.pick(AR_AREAS);
      candidate = `+549${area}${2 + random.int(7)}${random.digits(length - 1)}`;
      country = 'AR';
    } else {
      candidate = `+5411${4 + random.int(2)}${random.digits(7)}`;
      country = 'AR';
    }
    if (looksLikeExample(candidate) || used.has(candidate)) continue;
    // Stored exactly as the contacts service would store what a user typed.
    if (normalizePhone(candidate, tenantCountry) !== candidate) continue;
    if (parsePhone(candidate, tenantCountry)?.country !== country) continue;
    used.add(candidate);
    return candidate;
  }
  throw new Error(`no free ${kind} number after 100 attempts`);
}

/** Uruguayan cédula: seven digits and the check digit of the 2987634 weights. */
function cedula(random: Random) {
  const body = String(1_000_000 + random.int(5_999_999));
  const sum = [...body].reduce(
    (total, digit, index) => total + Number(digit) * [2, 9, 8, 7, 6, 3, 4][index]!,
    0,
  );
  return `${body}${(10 - (sum % 10)) % 10}`;
}

function email(random: Random, firstName: string, lastName: string, domains: readonly string[]) {
  const first = foldText(firstName).split(' ')[0]!;
  const last = foldText(lastName).replace(/\s+/g, '');
  const local = random.pick([
    `${first}.${last}`,
    `${first}${last}`,
    `${first[0]}${last}`,
    `${first}.${last}${10 + random.int(90)}`,
  ]);
  return `${local}@${random.pick(domains)}`;
}

/** `count` distinct instants of the last 18 months, oldest first, at least 1 ms apart. */
function creationTimes(random: Random, count: number, now: number) {
  const times = Array.from(
    { length: count },
    () => now - DAY_MS - Math.floor(random.next() * HISTORY_MS),
  );
  times.sort((a, b) => a - b);
  for (let index = 1; index < times.length; index += 1) {
    if (times[index]! <= times[index - 1]!) times[index] = times[index - 1]! + 1;
  }
  return times;
}

interface Affiliation {
  companyId: string;
  sectorIds: Array<{ id: string; name: string }>;
}

async function affiliationTargets(db: Executor, tenant: Group): Promise<Affiliation[]> {
  const rows = await db
    .select({ id: companies.id, name: companies.displayName })
    .from(companies)
    .where(eq(companies.tenantId, tenant.id))
    .orderBy(asc(companies.displayName));
  const sectorRows = await db
    .select({ id: sectors.id, name: sectors.name, companyId: sectors.companyId })
    .from(sectors)
    .where(eq(sectors.tenantId, tenant.id))
    .orderBy(asc(sectors.name));
  return rows
    .filter((company) => !COMPANIES_WITHOUT_CONTACTS.has(company.name))
    .map((company) => ({
      companyId: company.id,
      sectorIds: sectorRows.filter((sector) => sector.companyId === company.id),
    }));
}

interface TenantPlan {
  tenant: Group;
  count: number;
  seed: number;
  agents: User[];
  /** Share of contacts without a seller. */
  unassigned: number;
  tags: readonly string[];
  origins: readonly string[];
  domains: readonly string[];
  /** Shares of contacts whose main number is a mobile of the tenant's country, or Argentine. */
  homeShare: number;
  foreignShare: number;
  /** Share of contacts with a Montevideo address and its coordinates (the contact map). */
  locatedShare: number;
}

type NewContact = typeof contacts.$inferInsert;

async function seedTenantContacts(db: Executor, plan: TenantPlan) {
  const random = generator(plan.seed);
  // A generator of its own, so the places leave every other value as it was before them.
  const places = generator(plan.seed + 1);
  const country = plan.tenant.country ?? 'uy';
  const argentine = country.toLowerCase() === 'ar';
  const now = Date.now();
  const times = creationTimes(random, plan.count, now);
  const targets = await affiliationTargets(db, plan.tenant);
  const used = new Set<string>();
  const rows: NewContact[] = [];
  const links: Array<typeof companyContacts.$inferInsert> = [];

  for (const createdAtMs of times) {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const secondLastName = random.chance(0.3) ? random.pick(LAST_NAMES) : lastName;
    const fullLastName = secondLastName === lastName ? lastName : `${lastName} ${secondLastName}`;

    const phones: string[] = [];
    const phonesMetadata: PhoneMetadata[] = [];
    const kindRoll = random.next();
    const home = argentine ? 'ar-mobile' : 'uy-mobile';
    const main =
      kindRoll < plan.homeShare
        ? home
        : kindRoll < plan.homeShare + plan.foreignShare
          ? 'ar-mobile'
          : undefined;
    if (main) {
      phones.push(uniquePhone(random, used, main, country));
      phonesMetadata.push({ phone: phones[0]! });
      if (random.chance(0.06)) {
        const landline = uniquePhone(
          random,
          used,
          argentine ? 'ar-landline' : 'uy-landline',
          country,
        );
        phones.push(landline);
        phonesMetadata.push({ phone: landline, extensionNumber: String(100 + random.int(900)) });
      }
    }

    const emails = random.chance(0.85) ? [email(random, firstName, lastName, plan.domains)] : [];
    if (emails.length > 0 && random.chance(0.05)) {
      emails.push(email(random, firstName, lastName, plan.domains));
    }
    const govId = random.chance(0.3)
      ? argentine
        ? String(20_000_000 + random.int(25_000_000))
        : cedula(random)
      : null;

    const agent = random.chance(plan.unassigned) ? null : random.pick(plan.agents);
    const statusTag = random.chance(0.15) ? null : random.pick(plan.tags);
    const origin = random.chance(0.1) ? null : random.pick(plan.origins);
    const originTexts = origin ? ORIGIN_TEXTS[origin] : undefined;
    const createdAt = new Date(createdAtMs);
    const lastInteractionAt = random.chance(0.85)
      ? new Date(createdAtMs + Math.floor(random.next() * (now - createdAtMs)))
      : null;

    const row = {
      id: newId(createdAtMs),
      tenantId: plan.tenant.id,
      firstName,
      lastName: fullLastName,
      phones,
      phonesMetadata,
      emails,
      govId,
      statusTag,
      origin,
      originText: originTexts && random.chance(0.5) ? random.pick(originTexts) : null,
      detail: random.chance(0.35) ? random.pick(DETAILS) : '',
      proximity: Math.round(random.next() * 100) / 100,
      agentId: agent?.id ?? null,
      firstAgentId: agent?.id ?? null,
      lastInteractionAt,
      createdAt,
      updatedAt: lastInteractionAt ?? createdAt,
    } satisfies NewContact;
    rows.push({
      ...row,
      ...demoLocation(places, plan.locatedShare),
      searchText: contactSearchText(row, country),
    });

    if (targets.length > 0 && random.chance(0.3)) {
      const target = random.pick(targets);
      const sector = target.sectorIds.length > 0 ? random.pick(target.sectorIds) : null;
      links.push({
        tenantId: plan.tenant.id,
        companyId: target.companyId,
        contactId: row.id,
        sectorId: sector?.id ?? null,
        role: random.pick(
          sector ? (ROLES_BY_SECTOR[sector.name] ?? ROLES_WITHOUT_SECTOR) : ROLES_WITHOUT_SECTOR,
        ),
        createdAt,
      });
    }
  }

  for (let start = 0; start < rows.length; start += 100) {
    await db.insert(contacts).values(rows.slice(start, start + 100));
  }
  for (let start = 0; start < links.length; start += 100) {
    await db.insert(companyContacts).values(links.slice(start, start + 100));
  }
  return { contacts: rows.length, affiliations: links.length };
}

/** An address around one of MONTEVIDEO_PLACES with its point, for `share` of the contacts. */
function demoLocation(places: Random, share: number) {
  const located = places.chance(share);
  const place = places.pick(MONTEVIDEO_PLACES);
  const number = 100 + places.int(3900);
  // Up to about 600 m from the neighbourhood's centre.
  const latitude = place.latitude + (places.next() - 0.5) * 0.011;
  const longitude = place.longitude + (places.next() - 0.5) * 0.013;
  if (!located) return {};
  return {
    contactLocation: {
      location: true,
      place_id: null,
      formatted_address: `${place.street} ${number}, ${place.barrio}, Montevideo, Uruguay`,
      extraInfo: null,
    },
    latitude: Math.round(latitude * 1e6) / 1e6,
    longitude: Math.round(longitude * 1e6) / 1e6,
  };
}

/** Demo contacts of both tenants; the demo users and companies must exist already. */
export async function seedContactsDemo(
  db: Executor,
  data: { demo: Group; other: Group; users: Record<string, User> },
) {
  const sellers = [
    'vendedor@demo.test',
    'vendedora@demo.test',
    'cambio@demo.test',
    'jail@demo.test',
  ]
    .map((email) => data.users[email])
    .filter((user): user is User => user !== undefined);
  const demo = await seedTenantContacts(db, {
    tenant: data.demo,
    count: DEMO_CONTACTS,
    seed: 20_240_501,
    agents: sellers,
    unassigned: 0.1,
    tags: DEMO_TAGS,
    origins: DEMO_ORIGINS,
    domains: MAIL_DOMAINS,
    homeShare: 0.8,
    foreignShare: 0.15,
    locatedShare: LOCATED_SHARE,
  });
  const other = await seedTenantContacts(db, {
    tenant: data.other,
    count: OTHER_CONTACTS,
    seed: 20_240_502,
    agents: [data.users['vendedor@otra.test']!],
    unassigned: 0,
    tags: ['new'],
    origins: ['carga-manual'],
    domains: AR_MAIL_DOMAINS,
    homeShare: 0.95,
    foreignShare: 0,
    locatedShare: 0,
  });
  return { demo, other };
}
