/**
 * Texts of configurable fields, companies, sectors and shared options (02 §5, §8). Part of the
 * one Spanish catalogue: `es.fields` and `es.companies` re-export these.
 */
export const fieldsEs = {
  required: 'El campo es requerido.',
  notANumber: 'Tiene que ser rellenado con un número.',
  lengthBetween: 'El valor debe tener entre {min} y {max} caracteres.',
  lengthAtLeast: 'El valor debe tener al menos {min} caracteres.',
  lengthAtMost: 'El valor debe tener como máximo {max} caracteres.',
  invalidDate: 'La fecha tiene que ser válida con el formato DD/MM/YYYY',
  invalidPhone: 'El número de teléfono tiene que ser un válido.',
  invalidOption: 'Selecciona una opción válida.',
  invalidValue: 'El valor no es válido.',
  notUnique: 'El valor ya está registrado en otro contacto.',
  notUniqueCompany: 'El valor ya está registrado en otra empresa.',
  goToContact: 'Ir al contacto',
  unknownKind: 'Campo no reconocido',
  unknownAdditional: 'Campo adicional no reconocido',
} as const;

export const companiesEs = {
  defaultSingular: 'Empresa',
  defaultPlural: 'Empresas',
  businessNameRequired: 'Nombre requerido',
  required: 'Requerido',
  fieldRequired: 'Este campo es requerido',
  descriptionTooLong: 'La descripción no debe de superar los 300 caracteres',
  sectorNameTooShort: 'El nombre debe de contener por lo menos 1 caracter',
  sectorNameTooLong: 'El nombre no debe de superar los 60 caracteres de longitud',
  sectorErrorTitle: 'Se ha producido un error al querer crear el sector',
  optionNameRequired: 'El nombre de la opción es requerido.',
  optionNameTooLong: 'El nombre no debe de superar los 200 caracteres de longitud.',
  managerSaveFailed: 'Ocurrió un error al querer guardar el encargado',
  addressNotFound: 'Dirección no encontrada.',
  alreadyExistsHint: 'Ya existe una empresa con el mismo código fiscal, verifica o usa otro.',
  invalidBodyHint: 'El formato de los datos es incorrecto, completa los campos requeridos.',
  internalHint: 'Ocurrió un problema inesperado, inténtalo más tarde.',
  internalTitle: 'Error interno del servidor',
} as const;

/** Error texts of this area, merged into the catalogue's errorMessages. */
export const fieldsErrorMessages = {
  COMPANY_NOT_FOUND: 'No se encontró la empresa.',
  SECTOR_NOT_FOUND: 'No se encontró el sector.',
  CONTACT_ALREADY_AFFILIATED: 'El contacto ya pertenece a la empresa.',
  CUSTOM_FIELD_NOT_FOUND: 'No se encontró el campo.',
  CUSTOM_FIELD_CODE_TAKEN: 'Ya existe un campo con ese código.',
  CUSTOM_FIELD_INVALID: 'Hay campos con valores inválidos.',
  FIELD_VALUE_NOT_UNIQUE: 'El valor ya está registrado.',
  SHARED_OPTION_NOT_FOUND: 'No se encontró la opción.',
  STATUS_TAG_CODE_TAKEN: 'Ya existe una etiqueta con ese código.',
  ORIGIN_CODE_TAKEN: 'Ya existe un origen con ese código.',
  PLACES_NOT_CONFIGURED:
    'La búsqueda de direcciones no está configurada. Pide a un administrador que configure la clave de Google Maps.',
  PLACES_UNAVAILABLE: 'No se pudo buscar la dirección. Inténtalo nuevamente.',
} as const;
