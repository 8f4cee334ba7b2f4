/**
 * Field messages the server's input checks answer under a field (INVALID_REQUEST_BODY's
 * fieldErrors) when no area has a more precise one. Ours; part of the one Spanish catalogue:
 * `es.validation` re-exports these.
 */
export const validationEs = {
  required: 'Requerido',
  fieldRequired: 'Campo requerido',
  valueInvalid: 'Valor inválido',
  colorInvalid: 'Color inválido',
  originInvalid: 'Origen inválido',
  fileTypeInvalid: 'Tipo de archivo inválido',
  dispositionInvalid: 'Disposición inválida',
  timeZoneInvalid: 'Zona horaria inválida',
  filtersInvalid: 'Filtros inválidos',
  cursorInvalid: 'El cursor no es válido',
  /** An option the caller may not choose (a shared inbox, a phone of another contact). */
  noMatch: 'Sin resultados',
} as const;

/** What the server prints on its console when it starts (`npm start`). */
export const startupEs = {
  running: 'Cartera está corriendo en {url}',
  database: 'Base de datos: {kind}',
  databaseEmbedded: 'embebida ({dir})',
  demoUsers: 'Usuarios de demostración (contraseña {password}):',
} as const;
