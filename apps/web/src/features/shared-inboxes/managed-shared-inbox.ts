import type { RouterOutputs } from '../../lib/api-types';

/** A shared inbox as its management lists it (the list and its dialog). */
export type ManagedSharedInbox = RouterOutputs['sharedInbox']['list'][number];
