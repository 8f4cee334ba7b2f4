import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import { PLACES_UNAVAILABLE } from './google-places.errors';

/**
 * Adapter of the Google Places API (New) for address search: Autocomplete
 * (POST /v1/places:autocomplete) and Place Details (GET /v1/places/{placeId}), as described in
 * design/integrations.md §8. Answers are validated and normalised; failures become a DomainError
 * whose Spanish text never carries Google's message or the API key (those go to the log).
 */

/** One suggestion of the address field. */
export const ZPlace = z.object({
  /** Google's place id, to ask for its details. */
  id: z.string(),
  formattedAddress: z.string(),
  mainText: z.string(),
  /** Empty when Google gives no second line. */
  secondaryText: z.string(),
  types: z.array(z.string()),
});
export type Place = z.infer<typeof ZPlace>;

/** The chosen address with its coordinates and parts (02 §3 Place). */
export const ZPlaceDetails = z.object({
  id: z.string(),
  formattedAddress: z.string(),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  addressComponents: z.array(
    z.object({ longText: z.string(), shortText: z.string(), types: z.array(z.string()) }),
  ),
});
export type PlaceDetails = z.infer<typeof ZPlaceDetails>;

/** Details has no default field mask: Google refuses the call without one. */
export const DETAILS_FIELD_MASK = 'id,displayName,formattedAddress,addressComponents,location';
/** Radius of the circle that biases suggestions towards the user's position. */
export const LOCATION_BIAS_RADIUS_METERS = 50_000;
const DEFAULT_TIMEOUT_MS = 5_000;

// The provider's answers: unknown fields are dropped, missing optional ones defaulted.
const ZText = z.object({ text: z.string() });
const ZAutocompleteAnswer = z.object({
  suggestions: z
    .array(
      z.object({
        // Query predictions (only with includeQueryPredictions) are not places: skipped.
        placePrediction: z
          .object({
            placeId: z.string().min(1),
            text: ZText,
            structuredFormat: z
              .object({ mainText: ZText, secondaryText: ZText.optional() })
              .optional(),
            types: z.array(z.string()).default([]),
          })
          .optional(),
      }),
    )
    .default([]),
});
const ZDetailsAnswer = z.object({
  id: z.string().min(1),
  formattedAddress: z.string(),
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  addressComponents: z
    .array(
      z.object({
        longText: z.string(),
        shortText: z.string().optional(),
        types: z.array(z.string()).default([]),
      }),
    )
    .default([]),
});
const ZGoogleError = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
  }),
});

/** Where failures are reported; a pino logger fits. */
export interface PlacesLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface GooglePlacesClientOptions {
  apiKey: string;
  /** Origin of the API, e.g. https://places.googleapis.com (no trailing slash needed). */
  baseUrl: string;
  /** Longest wait for one answer, body included (default 5 s). */
  timeoutMs?: number;
  logger?: PlacesLogger;
}

export interface AutocompleteInput {
  input: string;
  /** Groups the typing session and its details call for billing (a UUID). */
  sessionToken?: string | undefined;
  languageCode?: string;
  /** Two-letter country of the tenant, any case: suggestions are limited to it. */
  regionCode?: string | undefined;
  /** With longitude, biases suggestions to a 50 km circle around the point. */
  latitude?: number | undefined;
  longitude?: number | undefined;
}

type Operation = 'autocomplete' | 'details';

export class GooglePlacesClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: GooglePlacesClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async autocomplete(request: AutocompleteInput): Promise<Place[]> {
    const regionCode = regionCodeOf(request.regionCode);
    const { latitude, longitude } = request;
    const body = {
      input: request.input,
      ...(request.sessionToken ? { sessionToken: request.sessionToken } : {}),
      languageCode: request.languageCode ?? 'es',
      ...(regionCode ? { regionCode, includedRegionCodes: [regionCode] } : {}),
      ...(latitude !== undefined && longitude !== undefined
        ? {
            locationBias: {
              circle: { center: { latitude, longitude }, radius: LOCATION_BIAS_RADIUS_METERS },
            },
          }
        : {}),
    };
    const answer = await this.call(
      'autocomplete',
      '/v1/places:autocomplete',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      ZAutocompleteAnswer,
    );
    return answer.suggestions.flatMap(({ placePrediction: prediction }) =>
      prediction
        ? [
            {
              id: prediction.placeId,
              formattedAddress: prediction.text.text,
              mainText: prediction.structuredFormat?.mainText.text ?? prediction.text.text,
              secondaryText: prediction.structuredFormat?.secondaryText?.text ?? '',
              types: prediction.types,
            },
          ]
        : [],
    );
  }

  async details(
    placeId: string,
    sessionToken?: string,
    languageCode = 'es',
  ): Promise<PlaceDetails> {
    const query = new URLSearchParams({ languageCode });
    if (sessionToken) query.set('sessionToken', sessionToken);
    const answer = await this.call(
      'details',
      `/v1/places/${encodeURIComponent(placeId)}?${query.toString()}`,
      { method: 'GET', headers: { 'x-goog-fieldmask': DETAILS_FIELD_MASK } },
      ZDetailsAnswer,
    );
    return {
      id: answer.id,
      formattedAddress: answer.formattedAddress,
      location: { latitude: answer.location.latitude, longitude: answer.location.longitude },
      addressComponents: answer.addressComponents.map((part) => ({
        longText: part.longText,
        shortText: part.shortText ?? part.longText,
        types: part.types,
      })),
    };
  }

  private async call<T extends z.ZodType>(
    operation: Operation,
    path: string,
    init: { method: string; headers: Record<string, string>; body?: string },
    schema: T,
  ): Promise<z.output<T>> {
    let status: number;
    let payload: unknown;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        ...init,
        headers: { ...init.headers, 'x-goog-api-key': this.options.apiKey },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      // The timeout covers the body as well: a stalled answer ends here too.
      const text = await response.text();
      payload = text ? JSON.parse(text) : {};
    } catch (error) {
      const reason = isTimeout(error) ? 'timeout' : 'unreachable or unreadable answer';
      throw this.failure(operation, { reason, error: errorText(error) });
    }

    if (status < 200 || status >= 300) {
      const google = ZGoogleError.safeParse(payload);
      const details = {
        httpStatus: status,
        googleStatus: google.data?.error.status,
        googleMessage: google.data?.error.message,
      };
      if (operation === 'details' && status === 404) {
        this.options.logger?.warn({ operation, ...details }, 'Google Places: place not found');
        throw new DomainError('NOT_FOUND');
      }
      throw this.failure(operation, { reason: 'error answer', ...details });
    }

    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      throw this.failure(operation, {
        reason: 'unexpected answer',
        issues: parsed.error.issues.slice(0, 5).map((issue) => ({
          path: issue.path.join('.'),
          message: issue.message,
        })),
      });
    }
    return parsed.data;
  }

  /** Logs what went wrong (never the key) and gives the error the user may read. */
  private failure(operation: Operation, details: Record<string, unknown>): DomainError {
    this.options.logger?.warn({ operation, ...details }, 'Google Places request failed');
    return new DomainError(PLACES_UNAVAILABLE, undefined, {
      cause: new Error(`Google Places ${operation} failed: ${String(details.reason)}`),
    });
  }
}

/** A two-letter country in the upper case CLDR region codes use; anything else is dropped. */
function regionCodeOf(country: string | undefined): string | undefined {
  const code = country?.trim();
  return code && /^[a-z]{2}$/i.test(code) ? code.toUpperCase() : undefined;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.name}: ${error.message}${cause}`;
}
