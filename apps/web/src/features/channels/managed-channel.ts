import type { RouterOutputs } from '../../lib/api-types';

/** A channel as '/company/channels' lists it (the page, its dialog, templates and dead letters). */
export type ManagedChannel = RouterOutputs['channel']['list'][number];
