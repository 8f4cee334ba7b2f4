import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@cartera/db/seed';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { ERROR_HTTP_STATUS } from '@cartera/domain/errors';
import { errorMessage } from '@cartera/domain/i18n';
import {
  PLACES_NOT_CONFIGURED,
  PLACES_UNAVAILABLE,
} from '../../integrations/google-places/google-places.errors';
import { startFakeGooglePlaces, type FakeGooglePlaces } from '../../testing/fake-google-places';
import { restLogin } from '../../testing/http-client';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { createContextFor } from '../../trpc/context';
import { appRouter } from '../../router';

const API_KEY = 'test-key';
const SESSION_TOKEN = '0196b3d2-7c4e-7a1b-9f00-1234567890ab';

let database: TestDatabase;
let fake: FakeGooglePlaces;
let app: TestApp;
let appWithoutKey: TestApp;
let seller: string;
let otherSeller: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.handle.db);
  fake = await startFakeGooglePlaces({ apiKey: API_KEY });
  app = await startTestApp(database.handle, {
    GOOGLE_PLACES_API_KEY: API_KEY,
    GOOGLE_PLACES_BASE_URL: fake.url,
  });
  appWithoutKey = await startTestApp(database.handle, { JOBS_ENABLED: 'false' });
  seller = (await restLogin(app.url, 'vendedor@demo.test')).body.token;
  otherSeller = (await restLogin(app.url, 'vendedor@otra.test')).body.token;
});

afterAll(async () => {
  await appWithoutKey?.stop();
  await app?.stop();
  await fake?.stop();
  await database?.destroy();
});

afterEach(() => {
  fake.recover();
  fake.requests.length = 0;
});

async function autocomplete(baseUrl: string, query: Record<string, string>, token?: string) {
  const response = await fetch(
    `${baseUrl}/api/crm/googlemaps/places/autocomplete?${new URLSearchParams(query).toString()}`,
    { headers: token ? { authorization: `Bearer ${token}` } : {} },
  );
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> };
}

/** The places procedures as the web will call them, with a real context from a bearer token. */
async function placesCaller(target: TestApp, token: string) {
  const context = await createContextFor(target.deps, {
    headers: { authorization: `Bearer ${token}` },
  });
  return appRouter.createCaller(context).place;
}

describe('búsqueda de direcciones (GET /api/crm/googlemaps/places/autocomplete)', () => {
  it('rechaza a quien no inició sesión sin consultar a Google', async () => {
    const { status, body } = await autocomplete(app.url, { searchInput: '18 de julio' });
    expect(status).toBe(401);
    expect(body).toEqual({
      code: 'UNAUTHENTICATED',
      message: errorMessage('UNAUTHENTICATED'),
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('un vendedor de Demo Uruguay encuentra direcciones uruguayas para "18 de julio"', async () => {
    const { status, body } = await autocomplete(
      app.url,
      { searchInput: '18 de julio', useNewApi: '1' },
      seller,
    );

    expect(status).toBe(200);
    const places = body.places as { formattedAddress: string; secondaryText: string }[];
    expect(places.map((place) => place.formattedAddress)).toEqual([
      'Av. 18 de Julio 1234, Montevideo, Uruguay',
      'Av. 18 de Julio 888, Montevideo, Uruguay',
    ]);
    expect(places[0]).toEqual({
      id: 'ChIJfake18deJulio1234',
      formattedAddress: 'Av. 18 de Julio 1234, Montevideo, Uruguay',
      mainText: 'Av. 18 de Julio 1234',
      secondaryText: 'Montevideo, Uruguay',
      types: ['street_address', 'geocode'],
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.headers['x-goog-api-key']).toBe(API_KEY);
    expect(fake.requests[0]!.body).toEqual({
      input: '18 de julio',
      languageCode: 'es',
      regionCode: 'UY',
      includedRegionCodes: ['UY'],
    });
  });

  it('con la posición del usuario prefiere las direcciones cercanas', async () => {
    const { status } = await autocomplete(
      app.url,
      {
        searchInput: 'artigas',
        useNewApi: '1',
        latitude: '-34.9011',
        longitude: '-56.1645',
        sessionToken: SESSION_TOKEN,
      },
      seller,
    );
    expect(status).toBe(200);
    expect(fake.requests[0]!.body).toMatchObject({
      sessionToken: SESSION_TOKEN,
      locationBias: {
        circle: { center: { latitude: -34.9011, longitude: -56.1645 }, radius: 50_000 },
      },
    });
  });

  it('un vendedor de Otra Empresa (Argentina) ve direcciones de Argentina', async () => {
    const { body } = await autocomplete(
      app.url,
      { searchInput: '18 de julio', useNewApi: '1' },
      otherSeller,
    );
    expect((body.places as { formattedAddress: string }[]).map((p) => p.formattedAddress)).toEqual([
      '18 de Julio 300, X5000 Córdoba, Argentina',
    ]);
    expect(fake.requests[0]!.body).toMatchObject({ regionCode: 'AR' });
  });

  it('sin coincidencias responde una lista vacía (la web muestra "Dirección no encontrada.")', async () => {
    const { status, body } = await autocomplete(
      app.url,
      { searchInput: 'calle que no existe', useNewApi: '1' },
      seller,
    );
    expect(status).toBe(200);
    expect(body).toEqual({ places: [] });
  });

  it('una búsqueda en blanco responde vacío sin consultar a Google', async () => {
    const { status, body } = await autocomplete(
      app.url,
      { searchInput: '   ', useNewApi: '1' },
      seller,
    );
    expect(status).toBe(200);
    expect(body).toEqual({ places: [] });
    expect(fake.requests).toHaveLength(0);
  });

  it('una posición imposible se rechaza como solicitud inválida', async () => {
    const { status, body } = await autocomplete(
      app.url,
      { searchInput: 'artigas', latitude: '200', longitude: '-56' },
      seller,
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'INVALID_REQUEST_BODY',
      message: errorMessage('INVALID_REQUEST_BODY'),
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('está descrita en /api/docs con sus parámetros', async () => {
    const docs = (await (await fetch(`${app.url}/api/docs`)).json()) as {
      paths: Record<string, { get?: { tags: string[]; parameters: { name: string }[] } }>;
    };
    const route = docs.paths['/api/crm/googlemaps/places/autocomplete']?.get;
    expect(route?.tags).toEqual(['maps']);
    expect(route?.parameters.map((parameter) => parameter.name).sort()).toEqual([
      'latitude',
      'longitude',
      'searchInput',
      'sessionToken',
      'useNewApi',
    ]);
  });

  it('sin clave de Google configurada avisa que la búsqueda no está configurada', async () => {
    const { status, body } = await autocomplete(
      appWithoutKey.url,
      { searchInput: '18 de julio', useNewApi: '1' },
      seller,
    );
    expect(status).toBe(ERROR_HTTP_STATUS[PLACES_NOT_CONFIGURED]);
    expect(body).toEqual({
      code: PLACES_NOT_CONFIGURED,
      message: errorMessage(PLACES_NOT_CONFIGURED),
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('si Google falla avisa que no se pudo buscar, sin revelar la clave ni el error de Google', async () => {
    fake.fail(500, `Backend failure for key ${API_KEY}`);
    const { status, body, text } = await autocomplete(
      app.url,
      { searchInput: '18 de julio', useNewApi: '1' },
      seller,
    );
    expect(status).toBe(ERROR_HTTP_STATUS[PLACES_UNAVAILABLE]);
    expect(body).toEqual({
      code: PLACES_UNAVAILABLE,
      message: errorMessage(PLACES_UNAVAILABLE),
    });
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain('Backend failure');
  });
});

describe('procedimientos de direcciones (places.*)', () => {
  it('la web sabe de antemano si la búsqueda está configurada', async () => {
    expect(await (await placesCaller(app, seller)).status()).toEqual({ configured: true });
    expect(await (await placesCaller(appWithoutKey, seller)).status()).toEqual({
      configured: false,
    });
  });

  it('busca en el país de la empresa y trae los detalles de la dirección elegida', async () => {
    const places = await placesCaller(app, seller);
    const found = await places.search({
      searchInput: 'bulevar artigas',
      sessionToken: SESSION_TOKEN,
    });
    expect(found.map((place) => place.formattedAddress)).toEqual([
      'Bulevar Artigas 1100, Montevideo, Uruguay',
    ]);

    const details = await places.details({ placeId: found[0]!.id, sessionToken: SESSION_TOKEN });
    expect(details).toMatchObject({
      id: 'ChIJfakeArtigas1100',
      formattedAddress: 'Bulevar Artigas 1100, Montevideo, Uruguay',
      location: { latitude: -34.8941, longitude: -56.1642 },
    });
    expect(details.addressComponents).toContainEqual({
      longText: 'Uruguay',
      shortText: 'UY',
      types: ['country', 'political'],
    });
    expect(fake.requests.map((request) => request.path)).toEqual([
      '/v1/places:autocomplete',
      '/v1/places/ChIJfakeArtigas1100',
    ]);
    expect(fake.requests[1]!.query).toEqual({ languageCode: 'es', sessionToken: SESSION_TOKEN });
  });

  it('sin clave configurada la búsqueda y los detalles lo dicen', async () => {
    const places = await placesCaller(appWithoutKey, seller);
    await expect(places.search({ searchInput: 'artigas' })).rejects.toMatchObject({
      cause: { code: PLACES_NOT_CONFIGURED },
    });
    await expect(places.details({ placeId: 'ChIJfakeArtigas1100' })).rejects.toMatchObject({
      cause: { code: PLACES_NOT_CONFIGURED },
    });
  });

  it('rechaza un identificador de lugar con caracteres de ruta', async () => {
    const places = await placesCaller(app, seller);
    await expect(places.details({ placeId: '../places:autocomplete' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(fake.requests).toHaveLength(0);
  });
});
