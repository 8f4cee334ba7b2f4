import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGooglePlaces, type FakeGooglePlaces } from '../../testing/fake-google-places';
import {
  DETAILS_FIELD_MASK,
  GooglePlacesClient,
  type GooglePlacesClientOptions,
} from './google-places.client';
import { PLACES_UNAVAILABLE } from './google-places.errors';

const API_KEY = 'clave-de-prueba-123';
const SESSION_TOKEN = '0196b3d2-7c4e-7a1b-9f00-1234567890ab';

let fake: FakeGooglePlaces;
let logs: { details: Record<string, unknown>; message: string }[] = [];

beforeAll(async () => {
  fake = await startFakeGooglePlaces({ apiKey: API_KEY });
});

afterAll(async () => {
  await fake?.stop();
});

afterEach(() => {
  fake.recover();
  fake.requests.length = 0;
  logs = [];
});

function client(options: Partial<GooglePlacesClientOptions> = {}) {
  return new GooglePlacesClient({
    apiKey: API_KEY,
    baseUrl: fake.url,
    timeoutMs: 2_000,
    logger: { warn: (details, message) => logs.push({ details, message }) },
    ...options,
  });
}

/** A one-off server on 127.0.0.1 answering whatever a test needs. */
async function scriptedServer(listener: RequestListener) {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('búsqueda de direcciones en Google Places', () => {
  it('busca en el país de la empresa, en español, con la clave en la cabecera', async () => {
    await client().autocomplete({
      input: '18 de julio',
      regionCode: 'uy',
      sessionToken: SESSION_TOKEN,
    });

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/places:autocomplete', query: {} });
    expect(request!.headers['x-goog-api-key']).toBe(API_KEY);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({
      input: '18 de julio',
      sessionToken: SESSION_TOKEN,
      languageCode: 'es',
      regionCode: 'UY',
      includedRegionCodes: ['UY'],
    });
  });

  it('prefiere las direcciones a 50 km de la posición del usuario cuando la conoce', async () => {
    await client().autocomplete({
      input: 'artigas',
      regionCode: 'uy',
      latitude: -34.9,
      longitude: -56.16,
    });
    await client().autocomplete({ input: 'artigas', regionCode: 'uy', latitude: -34.9 });

    const [withPosition, withHalfAPosition] = fake.requests.map(
      (request) => request.body as Record<string, unknown>,
    );
    expect(withPosition!.locationBias).toEqual({
      circle: { center: { latitude: -34.9, longitude: -56.16 }, radius: 50_000 },
    });
    expect(withHalfAPosition).not.toHaveProperty('locationBias');
    expect(withHalfAPosition).not.toHaveProperty('sessionToken');
  });

  it('muestra cada sugerencia con su línea principal y secundaria', async () => {
    const places = await client().autocomplete({ input: '18 de JULIO', regionCode: 'uy' });

    expect(places).toEqual([
      {
        id: 'ChIJfake18deJulio1234',
        formattedAddress: 'Av. 18 de Julio 1234, Montevideo, Uruguay',
        mainText: 'Av. 18 de Julio 1234',
        secondaryText: 'Montevideo, Uruguay',
        types: ['street_address', 'geocode'],
      },
      {
        id: 'ChIJfake18deJulio888',
        formattedAddress: 'Av. 18 de Julio 888, Montevideo, Uruguay',
        mainText: 'Av. 18 de Julio 888',
        secondaryText: 'Montevideo, Uruguay',
        types: ['street_address', 'geocode'],
      },
    ]);
  });

  it('una empresa argentina solo ve direcciones de Argentina', async () => {
    const places = await client().autocomplete({ input: '18 de julio', regionCode: 'ar' });
    expect(places.map((place) => place.formattedAddress)).toEqual([
      '18 de Julio 300, X5000 Córdoba, Argentina',
    ]);
    expect(fake.requests[0]!.body).toMatchObject({
      regionCode: 'AR',
      includedRegionCodes: ['AR'],
    });
  });

  it('encuentra la dirección aunque se escriba sin tildes', async () => {
    const places = await client().autocomplete({ input: 'corrientes cordoba', regionCode: 'ar' });
    expect(places).toEqual([]);
    const found = await client().autocomplete({ input: 'Córdoba 18', regionCode: 'ar' });
    expect(found.map((place) => place.id)).toEqual(['ChIJfake18deJulioAR']);
    const unaccented = await client().autocomplete({ input: 'cordoba 18', regionCode: 'ar' });
    expect(unaccented.map((place) => place.id)).toEqual(['ChIJfake18deJulioAR']);
  });

  it('sin coincidencias no sugiere nada', async () => {
    expect(await client().autocomplete({ input: 'calle inexistente', regionCode: 'uy' })).toEqual(
      [],
    );
  });

  it('omite las predicciones que no son lugares y completa las líneas que faltan', async () => {
    const server = await scriptedServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          suggestions: [
            { queryPrediction: { text: { text: 'pizza en Montevideo' } } },
            {
              placePrediction: {
                place: 'places/abc',
                placeId: 'abc',
                text: { text: 'Rambla, Montevideo' },
                structuredFormat: { mainText: { text: 'Rambla' } },
              },
            },
            {
              placePrediction: {
                place: 'places/def',
                placeId: 'def',
                text: { text: 'Ciudad Vieja' },
                types: ['sublocality'],
              },
            },
          ],
        }),
      );
    });
    try {
      const places = await client({ baseUrl: server.url }).autocomplete({ input: 'x' });
      expect(places).toEqual([
        {
          id: 'abc',
          formattedAddress: 'Rambla, Montevideo',
          mainText: 'Rambla',
          secondaryText: '',
          types: [],
        },
        {
          id: 'def',
          formattedAddress: 'Ciudad Vieja',
          mainText: 'Ciudad Vieja',
          secondaryText: '',
          types: ['sublocality'],
        },
      ]);
    } finally {
      await server.stop();
    }
  });
});

describe('detalles de una dirección elegida', () => {
  it('trae coordenadas y partes de la dirección con la máscara de campos y el mismo token', async () => {
    const details = await client().details('ChIJfake18deJulio1234', SESSION_TOKEN);

    expect(details).toEqual({
      id: 'ChIJfake18deJulio1234',
      formattedAddress: 'Av. 18 de Julio 1234, Montevideo, Uruguay',
      location: { latitude: -34.9055, longitude: -56.1851 },
      addressComponents: [
        { longText: '1234', shortText: '1234', types: ['street_number'] },
        { longText: 'Avenida 18 de Julio', shortText: 'Avenida 18 de Julio', types: ['route'] },
        { longText: 'Montevideo', shortText: 'Montevideo', types: ['locality', 'political'] },
        {
          longText: 'Departamento de Montevideo',
          shortText: 'Montevideo',
          types: ['administrative_area_level_1', 'political'],
        },
        { longText: 'Uruguay', shortText: 'UY', types: ['country', 'political'] },
      ],
    });
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: 'GET',
      path: '/v1/places/ChIJfake18deJulio1234',
      query: { languageCode: 'es', sessionToken: SESSION_TOKEN },
      body: undefined,
    });
    expect(request!.headers['x-goog-api-key']).toBe(API_KEY);
    expect(request!.headers['x-goog-fieldmask']).toBe(DETAILS_FIELD_MASK);
    expect(DETAILS_FIELD_MASK).toBe('id,displayName,formattedAddress,addressComponents,location');
  });

  it('una dirección que Google no conoce se informa como no encontrada', async () => {
    await expect(client().details('ChIJnoExiste')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(fake.requests[0]!.query).toEqual({ languageCode: 'es' });
  });

  it('el fake exige la máscara de campos y la clave como Google', async () => {
    const withoutMask = await fetch(`${fake.url}/v1/places/ChIJfake18deJulio1234`, {
      headers: { 'x-goog-api-key': API_KEY },
    });
    expect(withoutMask.status).toBe(400);
    expect(await withoutMask.json()).toMatchObject({
      error: { code: 400, status: 'INVALID_ARGUMENT' },
    });
    const withoutKey = await fetch(`${fake.url}/v1/places:autocomplete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'artigas' }),
    });
    expect(withoutKey.status).toBe(403);
    expect(await withoutKey.json()).toMatchObject({
      error: { code: 403, status: 'PERMISSION_DENIED' },
    });
  });
});

describe('fallas de Google Places', () => {
  const expectUnavailable = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => {
        throw new Error('expected a failure');
      },
      (failure: unknown) => failure,
    );
    expect(error).toMatchObject({
      name: 'DomainError',
      code: PLACES_UNAVAILABLE,
      details: undefined,
    });
    expect(String((error as Error).message)).not.toContain(API_KEY);
    return error;
  };

  it('una clave rechazada se informa como servicio no disponible y se registra sin la clave', async () => {
    const wrongKey = client({ apiKey: 'clave-equivocada' });
    await expectUnavailable(wrongKey.autocomplete({ input: 'artigas', regionCode: 'uy' }));

    expect(logs).toHaveLength(1);
    expect(logs[0]!.details).toMatchObject({
      operation: 'autocomplete',
      httpStatus: 403,
      googleStatus: 'PERMISSION_DENIED',
      googleMessage: 'API key not valid. Please pass a valid API key.',
    });
    expect(JSON.stringify(logs)).not.toContain('clave-equivocada');
  });

  it('un error interno de Google no llega al usuario', async () => {
    fake.fail(500, 'Backend error');
    await expectUnavailable(client().autocomplete({ input: 'artigas' }));
    await expectUnavailable(client().details('ChIJfake18deJulio1234'));
    expect(logs.map((log) => log.details.googleStatus)).toEqual(['INTERNAL', 'INTERNAL']);
    expect(logs[1]!.details).toMatchObject({
      operation: 'details',
      googleMessage: 'Backend error',
    });
  });

  it('una respuesta inesperada se informa como servicio no disponible', async () => {
    const server = await scriptedServer((request, response) => {
      if (request.url?.startsWith('/v1/places:')) {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ suggestions: [{ placePrediction: { placeId: 7 } }] }));
      } else {
        response.end('<html>proxy</html>');
      }
    });
    try {
      const odd = client({ baseUrl: server.url });
      await expectUnavailable(odd.autocomplete({ input: 'artigas' }));
      expect(logs[0]!.details).toMatchObject({ reason: 'unexpected answer' });
      await expectUnavailable(odd.details('abc'));
    } finally {
      await server.stop();
    }
  });

  it('un servicio inalcanzable se informa como no disponible', async () => {
    const server = await scriptedServer(() => undefined);
    const url = server.url;
    await server.stop();
    await expectUnavailable(client({ baseUrl: url }).autocomplete({ input: 'artigas' }));
  });

  it('deja de esperar a Google al vencer el plazo', async () => {
    fake.hang();
    const started = performance.now();
    await expectUnavailable(
      client({ timeoutMs: 300 }).autocomplete({ input: 'artigas', regionCode: 'uy' }),
    );
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1_500);
    expect(fake.requests).toHaveLength(1);
    expect(logs[0]!.details).toMatchObject({ reason: 'timeout' });
  }, 5_000);
});
