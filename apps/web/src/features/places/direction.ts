/** 02 §3 Place as stored on a company or in a 'direction' field. */
export interface DirectionValue {
  formatted_address: string;
  place_id?: string | null;
  location?: { latitude: number; longitude: number } | null;
}
