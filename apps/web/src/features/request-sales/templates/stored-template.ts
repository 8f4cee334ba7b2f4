import type { RouterOutputs } from '../../../lib/api-types';

/** A request template as 'Plantillas' lists it (the tab and its editor). */
export type StoredTemplate = RouterOutputs['requestSale']['templates'][number];
