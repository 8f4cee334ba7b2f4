import type { RouterOutputs } from '../../../lib/api-types';

/** A request of the back office's list (the list and its action dialogs). */
export type BackofficeRequest = RouterOutputs['requestSale']['backoffice']['items'][number];
