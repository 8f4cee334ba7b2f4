import { findContactStates, findRollups } from './metrics.repository';

/*
 * The performance figures as other modules read them (goals: the dashboard and 'Objetivos'):
 * the daily rollups of some sellers over some days, and their contacts' state now. Writes go
 * through metrics.writer.ts, inside the transaction of each event.
 */
export { findContactStates, findRollups };
