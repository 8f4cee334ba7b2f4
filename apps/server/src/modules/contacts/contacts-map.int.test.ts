import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { createContact } from '@cartera/db/factories';
import { contacts } from '@cartera/db/schema';
import { runJob } from '../../app-jobs';
import { startFakeGooglePlaces, type FakeGooglePlaces } from '../../testing/fake-google-places';
import { useDemoApp } from '../../testing/demo-app';
import { OTHER_TENANT, SELLER, SUPERVISOR } from '../../testing/demo-users';
import { geocodeContactsJob } from './contacts.jobs';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

/** Montevideo and its surroundings, where the demo's located contacts are. */
const MONTEVIDEO = { south: -34.95, west: -56.3, north: -34.75, east: -56.0 };
const API_KEY = 'map-test-key';

let fake: FakeGooglePlaces;
let foreignId: string;

beforeAll(async () => {
  fake = await startFakeGooglePlaces({ apiKey: API_KEY });
  // The other company's contact stands in the middle of the demo's Montevideo.
  const foreign = await createContact(env.database.handle.db, env.demo.other, {
    firstName: 'Ajena',
    lastName: 'Del Mapa',
    agentId: env.demo.users[OTHER_TENANT]!.id,
    contactLocation: { location: true, formatted_address: 'Av. 18 de Julio 1000, Montevideo' },
    latitude: -34.9058,
    longitude: -56.1913,
  });
  foreignId = foreign.id;
});

afterAll(async () => {
  await fake?.stop();
});

type MapAnswer = Awaited<ReturnType<typeof mapOf>>;

async function mapOf(email: string, input: Record<string, unknown>) {
  const result = await env.call(email, 'contact.map', input);
  expect(result.status).toBe(200);
  return result.data;
}

/** Every contact id a map answer names, zooming into its clusters down to single points. */
async function allIds(email: string, filters: Record<string, unknown> = {}) {
  const answer = await mapOf(email, { ...filters, zoom: 17, bounds: MONTEVIDEO });
  expect(answer.truncated).toBe(false);
  return answer.points.map((point) => point.id);
}

async function locatedOf(agentIds: string[]) {
  const rows = await env.database.handle.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, env.demo.demo.id),
        inArray(contacts.agentId, agentIds),
        isNotNull(contacts.latitude),
      ),
    );
  return rows.map((row) => row.id).sort();
}

const sum = (answer: MapAnswer) =>
  answer.clusters.reduce((total, cluster) => total + cluster.count, 0) + answer.points.length;

describe('mapa de contactos', () => {
  it('agrupa en celdas lo que el vendedor ve y, de cerca, muestra cada contacto', async () => {
    const seller = env.demo.users[SELLER]!;
    const own = await locatedOf([seller.id]);
    expect(own.length).toBeGreaterThan(20);

    const far = await mapOf(SELLER, { zoom: 11, bounds: MONTEVIDEO });
    expect(far.clusters.length).toBeGreaterThan(0);
    expect(far.total).toBe(own.length);
    expect(sum(far)).toBe(own.length);
    for (const cluster of far.clusters) {
      expect(cluster.count).toBeGreaterThan(1);
      expect(cluster.latitude).toBeGreaterThanOrEqual(cluster.south);
      expect(cluster.latitude).toBeLessThanOrEqual(cluster.north);
    }
    expect(far.tiles).toEqual({ url: '/api/map-tiles/{z}/{x}/{y}.png', attribution: '' });

    // Only the seller's own contacts, never the other company's in the same streets.
    expect((await allIds(SELLER)).sort()).toEqual(own);
    expect(await allIds(SELLER)).not.toContain(foreignId);
  });

  it('el supervisor ve su equipo y la otra empresa sólo lo suyo', async () => {
    const team = await env.database.handle.db
      .select({ id: contacts.agentId })
      .from(contacts)
      .where(eq(contacts.tenantId, env.demo.demo.id));
    const supervisorIds = await allIds(SUPERVISOR);
    const sellerIds = await allIds(SELLER);
    expect(team.length).toBeGreaterThan(0);
    expect(supervisorIds.length).toBeGreaterThan(sellerIds.length);
    expect(supervisorIds).toEqual(expect.arrayContaining(sellerIds));
    expect(supervisorIds).not.toContain(foreignId);

    expect(await allIds(OTHER_TENANT)).toEqual([foreignId]);
  });

  it('filtra como la lista de contactos', async () => {
    const [tagged] = await env.database.handle.db
      .select({ statusTag: contacts.statusTag })
      .from(contacts)
      .where(
        and(
          eq(contacts.agentId, env.demo.users[SELLER]!.id),
          isNotNull(contacts.latitude),
          isNotNull(contacts.statusTag),
        ),
      )
      .limit(1);
    const statusTag = tagged!.statusTag!;
    const answer = await mapOf(SELLER, { statusTag, zoom: 17, bounds: MONTEVIDEO });
    expect(answer.points.length).toBeGreaterThan(0);
    expect(answer.points.every((point) => point.statusTag === statusTag)).toBe(true);
    expect(answer.points.length).toBeLessThan((await allIds(SELLER)).length);

    const one = answer.points[0]!;
    const searched = await mapOf(SELLER, {
      search: `${one.firstName} ${one.lastName}`,
      zoom: 11,
      bounds: MONTEVIDEO,
    });
    expect(searched.points.map((point) => point.id)).toContain(one.id);

    // Outside the box: nothing.
    const elsewhere = await mapOf(SELLER, {
      zoom: 11,
      bounds: { south: 10, west: 10, north: 11, east: 11 },
    });
    expect(elsewhere).toMatchObject({ total: 0, clusters: [], points: [] });
  });

  it('sirve su propio mosaico neutro para cualquier z/x/y', async () => {
    const tile = await fetch(`${env.app.url}/api/map-tiles/12/1383/2467.png`);
    expect(tile.status).toBe(200);
    expect(tile.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await tile.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBe(256);
    expect((await fetch(`${env.app.url}/api/map-tiles/99/1/2.png`)).status).toBe(404);
  });

  it('rechaza un recuadro al revés', async () => {
    const result = await env.call(SELLER, 'contact.map', {
      zoom: 11,
      bounds: { south: -34, west: -56, north: -35, east: -57 },
    });
    expect(result.status).toBe(400);
  });
});

describe('geocodificación de direcciones', () => {
  it('ubica las direcciones sin coordenadas con Google Places y no repite las que no encuentra', async () => {
    const { db } = env.database.handle;
    const seller = env.demo.users[SELLER]!;
    const byText = await createContact(db, env.demo.demo, {
      firstName: 'Geo',
      lastName: 'Por Texto',
      agentId: seller.id,
      contactLocation: { location: true, formatted_address: 'Bulevar Artigas 1100' },
    });
    const byPlace = await createContact(db, env.demo.demo, {
      firstName: 'Geo',
      lastName: 'Por Lugar',
      agentId: seller.id,
      contactLocation: {
        location: true,
        place_id: 'ChIJfakeGorlero550',
        formatted_address: 'Gorlero 550, Punta del Este',
      },
    });
    const unknown = await createContact(db, env.demo.demo, {
      firstName: 'Geo',
      lastName: 'Desconocida',
      agentId: seller.id,
      contactLocation: { location: true, formatted_address: 'Calle Que No Existe 1' },
    });
    const deps = {
      ...env.app.deps,
      env: { ...env.app.deps.env, googlePlaces: { apiKey: API_KEY, baseUrl: fake.url } },
    };

    // Places down: nothing is marked, the next run tries again.
    fake.fail(503);
    await expect(runJob(geocodeContactsJob, { limit: 10 }, deps)).rejects.toThrow();
    const stored = async (id: string) => (await env.demoContacts(eq(contacts.id, id)))[0]!;
    expect((await stored(byText.id)).geocodedAt).toBeNull();
    fake.recover();
    fake.requests.length = 0;

    await runJob(geocodeContactsJob, { limit: 10 }, deps);
    expect(await stored(byText.id)).toMatchObject({ latitude: -34.8941, longitude: -56.1642 });
    expect(await stored(byPlace.id)).toMatchObject({ latitude: -34.9609, longitude: -54.9441 });
    const missing = await stored(unknown.id);
    expect(missing).toMatchObject({ latitude: null, longitude: null });
    expect(missing.geocodedAt).toBeInstanceOf(Date);
    // By text: a search limited to the company's country, then the details of what it found.
    expect(
      fake.requests.find((request) => request.path === '/v1/places:autocomplete')?.body,
    ).toMatchObject({ input: 'Bulevar Artigas 1100', includedRegionCodes: ['UY'] });
    expect(fake.requests.map((request) => request.path)).toContain('/v1/places/ChIJfakeGorlero550');

    // Done is done: a second run asks Google nothing.
    fake.requests.length = 0;
    await runJob(geocodeContactsJob, { limit: 10 }, deps);
    expect(fake.requests).toEqual([]);

    // The located contact is on its seller's map.
    expect(await allIds(SELLER)).toContain(byText.id);
  });

  it('el cambio de dirección en la ficha la vuelve a buscar', async () => {
    const { db } = env.database.handle;
    const contact = await createContact(db, env.demo.demo, {
      firstName: 'Geo',
      lastName: 'Mudanza',
      phones: ['+59899765432'],
      phonesMetadata: [{ phone: '+59899765432' }],
      agentId: env.demo.users[SELLER]!.id,
      contactLocation: { location: true, formatted_address: 'Sin número' },
      geocodedAt: new Date(),
    });
    const result = await env.call(SELLER, 'contact.update', {
      id: contact.id,
      changes: { contactLocation: { formatted_address: 'Av. 18 de Julio 888' } },
    });
    expect(result.status).toBe(200);
    const [row] = await env.demoContacts(eq(contacts.id, contact.id));
    expect(row!.geocodedAt).toBeNull();
    expect(row!.latitude).toBeNull();
  });
});
