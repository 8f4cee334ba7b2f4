import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for the Google Places API (New) on 127.0.0.1, speaking the protocol of
 * design/integrations.md §8: POST /v1/places:autocomplete and GET /v1/places/{placeId} over a
 * few Uruguayan and Argentinian addresses. It refuses what Google refuses for these calls: a
 * missing or wrong X-Goog-Api-Key (403 PERMISSION_DENIED), Details without X-Goog-FieldMask
 * (400 INVALID_ARGUMENT), a malformed body; errors use Google's RPC shape. It records every
 * request, and can be told to fail (500) or to never answer.
 */
export interface FakePlace {
  id: string;
  /** Upper case CLDR region code. */
  regionCode: string;
  mainText: string;
  secondaryText: string;
  formattedAddress: string;
  location: { latitude: number; longitude: number };
  types: string[];
  addressComponents: { longText: string; shortText: string; types: string[] }[];
}

export interface FakeGooglePlacesRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /** The parsed JSON body (POST), or undefined. */
  body: unknown;
}

export interface FakeGooglePlaces {
  /** http://127.0.0.1:PORT */
  url: string;
  places: FakePlace[];
  /** Every request received, oldest first. */
  requests: FakeGooglePlacesRequest[];
  /** From now on every request answers this HTTP status with Google's error shape. */
  fail(status?: number, message?: string): void;
  /** From now on requests are received but never answered. */
  hang(): void;
  /** Back to normal answers, keeping the recorded requests. */
  recover(): void;
  stop(): Promise<void>;
}

export interface FakeGooglePlacesOptions {
  /** The only key accepted in X-Goog-Api-Key. */
  apiKey: string;
  places?: FakePlace[];
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

class GoogleFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function uruguay(
  id: string,
  mainText: string,
  city: string,
  location: FakePlace['location'],
  route: string,
  number: string,
): FakePlace {
  return {
    id,
    regionCode: 'UY',
    mainText,
    secondaryText: `${city}, Uruguay`,
    formattedAddress: `${mainText}, ${city}, Uruguay`,
    location,
    types: ['street_address', 'geocode'],
    addressComponents: [
      { longText: number, shortText: number, types: ['street_number'] },
      { longText: route, shortText: route, types: ['route'] },
      { longText: city, shortText: city, types: ['locality', 'political'] },
      {
        longText: `Departamento de ${city}`,
        shortText: city,
        types: ['administrative_area_level_1', 'political'],
      },
      { longText: 'Uruguay', shortText: 'UY', types: ['country', 'political'] },
    ],
  };
}

export const FAKE_PLACES: FakePlace[] = [
  uruguay(
    'ChIJfake18deJulio1234',
    'Av. 18 de Julio 1234',
    'Montevideo',
    { latitude: -34.9055, longitude: -56.1851 },
    'Avenida 18 de Julio',
    '1234',
  ),
  uruguay(
    'ChIJfake18deJulio888',
    'Av. 18 de Julio 888',
    'Montevideo',
    { latitude: -34.9061, longitude: -56.1973 },
    'Avenida 18 de Julio',
    '888',
  ),
  uruguay(
    'ChIJfakeArtigas1100',
    'Bulevar Artigas 1100',
    'Montevideo',
    { latitude: -34.8941, longitude: -56.1642 },
    'Bulevar General Artigas',
    '1100',
  ),
  uruguay(
    'ChIJfakeGorlero550',
    'Av. Gorlero 550',
    'Punta del Este',
    { latitude: -34.9609, longitude: -54.9441 },
    'Avenida Juan Gorlero',
    '550',
  ),
  {
    id: 'ChIJfakeCorrientes1234',
    regionCode: 'AR',
    mainText: 'Av. Corrientes 1234',
    secondaryText: 'Buenos Aires, Argentina',
    formattedAddress: 'Av. Corrientes 1234, C1043 CABA, Argentina',
    location: { latitude: -34.6037, longitude: -58.3873 },
    types: ['street_address', 'geocode'],
    addressComponents: [
      { longText: '1234', shortText: '1234', types: ['street_number'] },
      { longText: 'Avenida Corrientes', shortText: 'Av. Corrientes', types: ['route'] },
      { longText: 'Buenos Aires', shortText: 'CABA', types: ['locality', 'political'] },
      { longText: 'Argentina', shortText: 'AR', types: ['country', 'political'] },
    ],
  },
  {
    id: 'ChIJfake18deJulioAR',
    regionCode: 'AR',
    mainText: '18 de Julio 300',
    secondaryText: 'Córdoba, Argentina',
    formattedAddress: '18 de Julio 300, X5000 Córdoba, Argentina',
    location: { latitude: -31.4201, longitude: -64.1888 },
    types: ['street_address', 'geocode'],
    addressComponents: [
      { longText: '300', shortText: '300', types: ['street_number'] },
      { longText: '18 de Julio', shortText: '18 de Julio', types: ['route'] },
      { longText: 'Córdoba', shortText: 'Córdoba', types: ['locality', 'political'] },
      { longText: 'Argentina', shortText: 'AR', types: ['country', 'political'] },
    ],
  },
];

/** Lower case, without accents and repeated spaces: how the fake compares texts. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export async function startFakeGooglePlaces(
  options: FakeGooglePlacesOptions,
): Promise<FakeGooglePlaces> {
  const places = [...(options.places ?? FAKE_PLACES)];
  const requests: FakeGooglePlacesRequest[] = [];
  let mode:
    { kind: 'normal' } | { kind: 'hang' } | { kind: 'fail'; status: number; message: string } = {
    kind: 'normal',
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const failure =
        error instanceof GoogleFailure
          ? error
          : new GoogleFailure(500, 'Internal error encountered.');
      sendJson(response, failure.status, {
        error: {
          code: failure.status,
          message: failure.message,
          status: STATUS_NAMES[failure.status] ?? 'UNKNOWN',
        },
      });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(request);
    let body: unknown;
    let malformed = false;
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        malformed = true;
      }
    }
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
    });

    if (mode.kind === 'hang') return; // the connection stays open until stop()
    if (mode.kind === 'fail') throw new GoogleFailure(mode.status, mode.message);

    if (headers['x-goog-api-key'] !== options.apiKey) {
      throw new GoogleFailure(
        403,
        headers['x-goog-api-key']
          ? 'API key not valid. Please pass a valid API key.'
          : 'The request is missing a valid API key.',
      );
    }

    if (url.pathname === '/v1/places:autocomplete') {
      if (request.method !== 'POST') throw new GoogleFailure(404, 'Method not found.');
      if (malformed || !isRecord(body)) throw new GoogleFailure(400, 'Invalid JSON payload.');
      sendJson(response, 200, autocomplete(body));
      return;
    }

    const match = /^\/v1\/places\/([^/:]+)$/.exec(url.pathname);
    if (match && request.method === 'GET') {
      const fieldMask = headers['x-goog-fieldmask'];
      if (!fieldMask) {
        throw new GoogleFailure(
          400,
          'FieldMask is a required parameter. See how to specify it at https://developers.google.com/maps/documentation/places/web-service/choose-fields.',
        );
      }
      const place = places.find((each) => each.id === decodeURIComponent(match[1]!));
      if (!place) throw new GoogleFailure(404, `Place '${match[1]}' not found.`);
      sendJson(response, 200, details(place, fieldMask, url.searchParams.get('languageCode')));
      return;
    }
    throw new GoogleFailure(404, 'Method not found.');
  }

  function autocomplete(body: Record<string, unknown>) {
    if (typeof body.input !== 'string') {
      throw new GoogleFailure(400, "Invalid value at 'input'.");
    }
    // Every word typed must begin a word of the address, as while the user is still typing.
    const words = foldText(body.input).split(' ').filter(Boolean);
    const regions = Array.isArray(body.includedRegionCodes)
      ? body.includedRegionCodes.map((code) => String(code).toUpperCase())
      : [];
    const found = places.filter(
      (place) =>
        words.length > 0 &&
        (regions.length === 0 || regions.includes(place.regionCode)) &&
        words.every((word) =>
          foldText(place.formattedAddress)
            .split(' ')
            .some((each) => each.startsWith(word)),
        ),
    );
    // Google answers an empty object, not an empty list, when nothing matches.
    if (found.length === 0) return {};
    return {
      suggestions: found.slice(0, 5).map((place) => ({
        placePrediction: {
          place: `places/${place.id}`,
          placeId: place.id,
          text: { text: place.formattedAddress, matches: [] },
          structuredFormat: {
            mainText: { text: place.mainText, matches: [] },
            secondaryText: { text: place.secondaryText },
          },
          types: place.types,
        },
      })),
    };
  }

  function details(place: FakePlace, fieldMask: string, languageCode: string | null) {
    const fields = fieldMask.split(',').map((field) => field.trim());
    const all = fields.includes('*');
    const available: Record<string, unknown> = {
      name: `places/${place.id}`,
      id: place.id,
      displayName: { text: place.mainText, languageCode: languageCode ?? 'es' },
      formattedAddress: place.formattedAddress,
      location: place.location,
      addressComponents: place.addressComponents.map((part) => ({
        ...part,
        languageCode: languageCode ?? 'es',
      })),
      types: place.types,
    };
    return Object.fromEntries(
      Object.entries(available).filter(([field]) => all || fields.includes(field)),
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    places,
    requests,
    fail(status = 500, message = 'Internal error encountered.') {
      mode = { kind: 'fail', status, message };
    },
    hang() {
      mode = { kind: 'hang' };
    },
    recover() {
      mode = { kind: 'normal' };
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.statusCode = status;
  response.setHeader('content-type', 'application/json; charset=UTF-8');
  response.setHeader('content-length', Buffer.byteLength(text));
  response.end(text);
}
