import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { ZPlace } from '../../integrations/google-places/google-places.client';
import { searchTenantPlaces } from './places.service';

/** An optional number in the query string; an empty value counts as absent. */
const coordinate = (limit: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().min(-limit).max(limit).optional(),
  );

/** Legacy maps path (02 §7 Maps, social, SMS, AI) for API clients. */
export function registerPlacesRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'GET',
    url: '/api/crm/googlemaps/places/autocomplete',
    tags: ['maps'],
    summary:
      "Address suggestions in the tenant's country, biased towards latitude/longitude when given",
    auth: 'session',
    access: { procedure: 'place.search' },
    querystring: z.object({
      searchInput: z.string().max(200),
      useNewApi: z
        .string()
        .optional()
        .describe('Accepted for compatibility (1): only the Places API (New) is used'),
      latitude: coordinate(90).describe('With longitude, prefers places within 50 km'),
      longitude: coordinate(180),
      sessionToken: z
        .uuid()
        .optional()
        .describe('One UUID per typing session, repeated in the details call'),
    }),
    response: z.object({ places: z.array(ZPlace) }),
    async handler({ session, query }) {
      return { places: await searchTenantPlaces(deps, session.user.tenantId, query) };
    },
  });
}
