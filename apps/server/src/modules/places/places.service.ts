import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import type { AppDeps } from '../../deps';
import {
  GooglePlacesClient,
  type Place,
  type PlaceDetails,
} from '../../integrations/google-places/google-places.client';
import { PLACES_NOT_CONFIGURED } from '../../integrations/google-places/google-places.errors';
import { findTenantCountry } from './places.repository';

/** Address search of the address fields (02 §7 Maps), through Google Places (New). */

const sessionToken = z.uuid().optional();

export const ZSearchPlacesInput = z.object({
  searchInput: z.string().min(1).max(200),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  sessionToken,
});

export const ZPlaceDetailsInput = z.object({
  // Google's place ids are URL-safe base64 text; nothing else may reach the request path.
  placeId: z
    .string()
    .min(1)
    .max(300)
    .regex(/^[\w-]+$/),
  sessionToken,
});

export const ZPlacesStatus = z.object({ configured: z.boolean() });

export interface SearchPlacesInput {
  searchInput: string;
  latitude?: number | undefined;
  longitude?: number | undefined;
  sessionToken?: string | undefined;
}

type PlacesDeps = Pick<AppDeps, 'env' | 'logger'>;

/** Whether address search can work, so the web can say so before anyone types. */
export function placesStatus(deps: PlacesDeps): z.infer<typeof ZPlacesStatus> {
  return { configured: Boolean(deps.env.googlePlaces.apiKey) };
}

/** The API key, or the error the address field shows while there is none. */
function requireApiKey(deps: PlacesDeps): string {
  const { apiKey } = deps.env.googlePlaces;
  if (!apiKey) throw new DomainError(PLACES_NOT_CONFIGURED);
  return apiKey;
}

function placesClient(deps: PlacesDeps): GooglePlacesClient {
  const apiKey = requireApiKey(deps);
  return new GooglePlacesClient({
    apiKey,
    baseUrl: deps.env.googlePlaces.baseUrl,
    logger: deps.logger,
  });
}

/**
 * Suggestions for what the user typed, limited to the tenant's country and biased towards the
 * given position. Blank input finds nothing without asking Google.
 */
export async function searchPlaces(
  deps: PlacesDeps,
  tenantCountry: string | null,
  input: SearchPlacesInput,
): Promise<Place[]> {
  const client = placesClient(deps);
  const text = input.searchInput.trim();
  if (!text) return [];
  return client.autocomplete({
    input: text,
    sessionToken: input.sessionToken,
    languageCode: 'es',
    regionCode: tenantCountry ?? undefined,
    latitude: input.latitude,
    longitude: input.longitude,
  });
}

/** searchPlaces in the country of the signed-in user's tenant. */
export async function searchTenantPlaces(
  deps: PlacesDeps & Pick<AppDeps, 'db'>,
  tenantId: string,
  input: SearchPlacesInput,
): Promise<Place[]> {
  requireApiKey(deps);
  return searchPlaces(deps, await findTenantCountry(deps.db, tenantId), input);
}

/** Coordinates and address parts of a chosen suggestion (same session token as the search). */
export async function placeDetails(
  deps: PlacesDeps,
  input: z.infer<typeof ZPlaceDetailsInput>,
): Promise<PlaceDetails> {
  return placesClient(deps).details(input.placeId, input.sessionToken);
}

/**
 * The coordinates of a stored address (the contact map's geocoding job): by its place id when
 * it has one, else by its text, the first suggestion in the tenant's country. Null when Google
 * knows no such place; Places being down or unconfigured throws.
 */
export async function geocodeAddress(
  deps: PlacesDeps,
  tenantCountry: string | null,
  address: { placeId?: string | null; formattedAddress?: string | null },
): Promise<{ latitude: number; longitude: number } | null> {
  const client = placesClient(deps);
  let placeId = address.placeId && /^[\w-]+$/.test(address.placeId) ? address.placeId : null;
  if (!placeId) {
    const text = address.formattedAddress?.trim().slice(0, 200);
    if (!text) return null;
    const [first] = await client.autocomplete({
      input: text,
      languageCode: 'es',
      regionCode: tenantCountry ?? undefined,
    });
    if (!first) return null;
    placeId = first.id;
  }
  try {
    return (await client.details(placeId)).location;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}
