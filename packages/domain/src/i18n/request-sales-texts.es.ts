/*
 * The request-sale editor's Spanish texts (02 §5), in the catalogue and apart from the schemas
 * that use them (request-sales.ts): the catalogue (request-sales.es.ts) names them without
 * bringing zod into every screen's first load (issue #35 item 2).
 */

/** Field errors of a request (02 §5 Request-sale editor). */
export const REQUEST_TEXTS = {
  required: 'Este campo es obligatorio',
  invalid: 'El valor es inválido',
  length: (min: number, max: number) => `${min} a ${max} caracteres`,
  digitsOnly: 'Solo se admiten números',
  option: 'La opción elegida no está disponible',
  fileTooLarge: 'El tamaño del archivo es superior al permitido',
  date: 'La fecha tiene que ser válida con el formato DD/MM/YYYY',
  datetime: 'La fecha tiene que ser válida con el formato DD/MM/YYYY HH:mm',
  lineRequired: 'Completa el código',
  linesMissing: 'Agrega al menos un código',
  missingRequired: 'Existen campos obligatorios sin completar',
} as const;

/** The new client inline (02 §3 New client, §5 texts). */
export const NEW_CLIENT_TEXTS = {
  firstName: 'El tamaño maximo del nombre es 32 caracteres',
  lastName: 'El tamaño maximo del apellido es 32 caracteres',
  phoneRequired: 'Se requiere ingresar un teléfono',
  phoneInvalid: (country: string) =>
    `El numero de teléfono tiene que ser un numero valido de ${country} o de otro país con el codigo correspondiente`,
  detail: 'El detalle no puede tener mas de 255 caracteres',
} as const;
