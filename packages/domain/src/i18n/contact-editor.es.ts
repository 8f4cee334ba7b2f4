/**
 * The conversation screen's contact editing, header fields, photo and chips (03 §2.1, §4 Other,
 * §5, §8; issue #43 items 1, 2 and 6).
 */
export const contactEditorEs = {
  fieldChangeFailed: 'Error al modificar el campo', // spec: 03 §8
  // 03 §8 'with a retry hint': the spec's retry link of a failed item (03 §4).
  retry: 'Volver a intentar.', // spec: 03 §4
  editHint: 'Clic para editar',
  editLabel: 'Editar {field}',
  saving: 'Guardando…',
  photoInvalid: 'La foto debe ser una imagen JPG, PNG, GIF o WEBP subida a Cartera.',
  photoOf: 'Foto de {name}',
  changePhoto: 'Cambiar foto',
  removePhoto: 'Quitar foto',
  photoFailed: 'No se pudo cambiar la foto',
  callContact: 'Llamar a {name}',
  channelsLabel: 'Canales del contacto',
  headerFields: 'Datos del encabezado',
  clearField: 'Borrar {field}',
  removeTag: 'Quitar etiqueta',
  tagRemoved: 'Etiqueta quitada',
  businessCompany: 'Empresa: {name}',
  businessCompanyHint: 'Ver empresa',
  // 03 §8 texts of chunk D.
  contactError: 'Error en el contacto', // spec: 03 §8
  somethingFailed: 'Se ha producido un error', // spec: 03 §8
  noAgent: 'No se encontró el agente.', // spec: 03 §8
  templatesUnavailable: 'Plantillas no disponibles', // spec: 03 §8
} as const;
