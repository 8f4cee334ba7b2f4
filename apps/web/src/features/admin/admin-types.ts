import type { RouterOutputs } from '../../lib/api-types';

/** A group of the tree of 'Administración' (the page and each of its tabs and dialogs). */
export type AdminGroup = RouterOutputs['admin']['groups'][number];
/** A user of a group's 'Usuarios' tab (the table, its dialog and operations). */
export type AdminUser = RouterOutputs['admin']['users'][number];
