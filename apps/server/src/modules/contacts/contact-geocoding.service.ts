import type { AppDeps } from '../../deps';
import { geocodeAddress } from '../places/places.service';
import { findContactsToGeocode, saveGeocode } from './contact-geocoding.repository';

/**
 * The contact map's geocoding job (contacts.geocode, every minute): contacts whose address has
 * no coordinates get them from Google Places (by the stored place id, else by the address's
 * text in the company's country). A place Google does not know is marked as looked up and not
 * asked again until the address changes (the contact sheet clears the mark). When Places fails
 * the batch stops and throws, leaving the rest for the next run; without an API key nothing is
 * asked.
 */
export async function geocodePendingContacts(
  deps: Pick<AppDeps, 'db' | 'env' | 'logger'>,
  limit: number,
  now = new Date(),
) {
  const result = { looked: 0, located: 0 };
  if (!deps.env.googlePlaces.apiKey) return result;
  for (const row of await findContactsToGeocode(deps.db, limit)) {
    const point = await geocodeAddress(deps, row.country.trim() || null, {
      placeId: row.contactLocation?.place_id,
      formattedAddress: row.contactLocation?.formatted_address,
    });
    if (await saveGeocode(deps.db, row, point, now)) {
      result.looked += 1;
      if (point) result.located += 1;
    }
  }
  return result;
}
