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
  /** GET /api/receipt: the spec's `skip` and our keyset `cursor` page differently. */
  skipWithCursor: 'Usa skip o cursor, no los dos',
  /** An option the caller may not choose (a shared inbox, a phone of another contact). */
  noMatch: 'Sin resultados',
  dateRequired: 'Fecha requerida',
  dayInvalid: 'Fecha inválida',
  bodyInvalid: 'Cuerpo de solicitud inválido', // spec: 02 §8
  clientItemIdInvalid:
    'El identificador debe ser un UUIDv7 no posterior a la hora del servidor ni de hace más de 24 horas.',
  /** The one hygiene check every input passes (input.ts). */
  input: {
    invalidText: 'El texto contiene caracteres no válidos.',
    invalidDate: 'La fecha no es válida.',
    invalidUrl: 'El enlace debe empezar con http:// o https://.',
    tooDeep: 'La solicitud tiene demasiados niveles.',
  },
  /**
   * zod's own checks, when a schema gives no text of its own (input.ts zodIssueText): what a
   * field error says on tRPC and REST alike instead of zod's English.
   */
  schema: {
    typeInvalid: 'Tipo de dato inválido',
    uuidInvalid: 'Debe ser un identificador UUID válido.',
    emailInvalid: 'Correo electrónico inválido',
    urlInvalid: 'Enlace inválido',
    textTooShort: 'Debe tener al menos {minimum} caracteres.',
    textTooLong: 'Debe tener como máximo {maximum} caracteres.',
    listTooShort: 'Debe tener al menos {minimum} elementos.',
    listTooLong: 'Debe tener como máximo {maximum} elementos.',
    numberTooSmall: 'Debe ser mayor o igual a {minimum}.',
    numberTooBig: 'Debe ser menor o igual a {maximum}.',
    integerRequired: 'Debe ser un número entero.',
    unknownKeys: 'Campos desconocidos: {keys}',
  },
  /** A user's appearance preferences (composer.ts). */
  appearance: {
    chatActionInvalid: 'Acción predeterminada del chat inválida',
    unknownKeys: 'Preferencias de apariencia desconocidas: {keys}',
  },
} as const;

/** What the server prints on its console when it starts (`npm start`). */
export const startupEs = {
  running: 'Cartera está corriendo en {url}',
  database: 'Base de datos: {kind}',
  databaseEmbedded: 'embebida ({dir})',
  demoUsers: 'Usuarios de demostración (contraseña {password}):',
} as const;
