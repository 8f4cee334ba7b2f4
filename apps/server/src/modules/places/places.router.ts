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
  status: tenantProcedure.output(ZPlacesStatus).query(({ ctx }) => placesStatus(ctx.deps)),
  search: tenantProcedure
    .input(ZSearchPlacesInput)
    .output(z.array(ZPlace))
    .query(({ ctx, input }) => searchTenantPlaces(ctx.deps, ctx.tenantId, input)),
  details: tenantProcedure
    .input(ZPlaceDetailsInput)
    .output(ZPlaceDetails)
    .query(({ ctx, input }) => placeDetails(ctx.deps, input)),
});
