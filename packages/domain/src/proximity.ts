/**
 * 02 §4 proximity levels of a contact. A value exactly on a boundary belongs to the higher
 * level: 0.2 is 'Baja', 0.4 'Media', 0.6 'Alta', 0.9 'Muy alta'.
 */
export const PROXIMITY_LEVELS = [
  { id: 'very-low', label: 'Muy baja', from: -Infinity },
  { id: 'low', label: 'Baja', from: 0.2 },
  { id: 'medium', label: 'Media', from: 0.4 },
  { id: 'high', label: 'Alta', from: 0.6 },
  { id: 'very-high', label: 'Muy alta', from: 0.9 },
] as const;

export type ProximityLevel = (typeof PROXIMITY_LEVELS)[number];

export function proximityLevel(value: number): ProximityLevel {
  let level: ProximityLevel = PROXIMITY_LEVELS[0];
  for (const candidate of PROXIMITY_LEVELS) if (value >= candidate.from) level = candidate;
  return level;
}
