import { z } from 'zod';
import { ZPlace, ZPlaceDetails } from '../../integrations/google-places/google-places.client';
import { router, tenantProcedure } from '../../trpc/init';
import {
  placeDetails,
  placesStatus,
  searchTenantPlaces,
  ZPlaceDetailsInput,
  ZPlacesStatus,
  ZSearchPlacesInput,
} from './places.service';

/** Address search for every address field (companies, contacts): no area of its own. */
export const placesRouter = router({
  status: tenantProcedure
    .meta({
      description:
        'Whether address search is configured on this server (a Google Places API key is set), so a form can say so before anyone types.',
    })
    .output(ZPlacesStatus)
    .query(({ ctx }) => placesStatus(ctx.deps)),
  search: tenantProcedure
    .meta({
      description:
        "Address suggestions (Google Places Autocomplete, in Spanish) for what the user typed, limited to the country of the caller's company and biased to a 50 km circle around `latitude`/`longitude` when given; blank input finds nothing. Pass the same `sessionToken` to place.details for the chosen suggestion.",
      errors: ['PLACES_NOT_CONFIGURED', 'PLACES_UNAVAILABLE'],
    })
    .input(ZSearchPlacesInput)
    .output(z.array(ZPlace))
    .query(({ ctx, input }) => searchTenantPlaces(ctx.deps, ctx.tenantId, input)),
  details: tenantProcedure
    .meta({
      description:
        'The formatted address, coordinates and address components of a suggestion chosen from place.search (Google Place Details). NOT_FOUND when Google does not know the place id.',
      errors: ['PLACES_NOT_CONFIGURED', 'PLACES_UNAVAILABLE', 'NOT_FOUND'],
    })
    .input(ZPlaceDetailsInput)
    .output(ZPlaceDetails)
    .query(({ ctx, input }) => placeDetails(ctx.deps, input)),
});
