/**
 * Texts of configurable fields, companies, sectors and shared options (02 §5, §8). Part of the
 * one Spanish catalogue: `es.fields` and `es.companies` re-export these.
 */
export const fieldsEs = {
  required: 'El campo es requerido.', // spec: 02 §5
  notANumber: 'Tiene que ser rellenado con un número.', // spec: 02 §5
  lengthBetween: 'El valor debe tener entre {min} y {max} caracteres.', // spec: 02 §5, 03 §5
  lengthAtLeast: 'El valor debe tener al menos {min} caracteres.',
  lengthAtMost: 'El valor debe tener como máximo {max} caracteres.',
  invalidDate: 'La fecha tiene que ser válida con el formato DD/MM/YYYY', // spec: 02 §5
  invalidPhone: 'El número de teléfono tiene que ser un válido.', // spec: 02 §5
  invalidOption: 'Selecciona una opción válida.',
  invalidValue: 'El valor no es válido.',
  notUnique: 'El valor ya está registrado en otro contacto.',
  notUniqueCompany: 'El valor ya está registrado en otra empresa.',
  goToContact: 'Ir al contacto', // spec: 02 §5
  unknownKind: 'Campo no reconocido', // spec: 02 §2
  unknownAdditional: 'Campo adicional no reconocido', // spec: 02 §8
  // Inputs of configurable fields (apps/web features/custom-fields).
  datePlaceholder: 'DD/MM/AAAA',
  phonePlaceholder: 'Número de teléfono', // spec: 03 §8
  addPhone: 'Agregar teléfono',
  removePhone: 'Quitar teléfono {n}',
  selectPlaceholder: 'Seleccionar',
  searchPlaceholder: 'Buscar…',
  noResults: 'Sin resultados',
  noSearchResults: 'No se encontró resultado para la búsqueda...', // spec: 02 §8
  emptyValue: '—',
  removeValue: 'Quitar {name}',
  checking: 'Verificando…',
  uniqueAvailable: 'Valor disponible',
  cancel: 'Cancelar',
  save: 'Guardar',
  create: 'Crear',
  delete: 'Eliminar',
  irreversible: 'Esta acción es irreversible y no se puede deshacer.', // spec: 02 §8, 03 §2
  createOption: 'Crear opción',
  editOption: 'Editar opción',
  editOptionNamed: 'Editar opción {name}',
  deleteOption: 'Eliminar opción',
  deleteOptionQuestion: '¿Eliminar la opción «{name}»?',
  optionName: 'Nombre de la opción',
  optionColor: 'Color',
  presetColor: 'Color {color}',
  customColor: 'Color personalizado',
  optionPreview: 'Vista previa',
  optionSaveFailed: 'No se pudo guardar la opción',
  addressLabel: 'Dirección',
  addressPlaceholder: 'Buscar dirección',
  addressSearching: 'Buscando direcciones…',
  addressChosen: 'Dirección verificada',
} as const;

export const companiesEs = {
  /** Costa Rica's tax-code label (companies.ts TAX_CODE_LABELS; the others are acronyms). */
  taxCodeCostaRica: 'Cédula Jurídica',
  defaultSingular: 'Empresa',
  defaultPlural: 'Empresas',
  businessNameRequired: 'Nombre requerido',
  required: 'Requerido',
  fieldRequired: 'Este campo es requerido', // spec: 02 §5
  descriptionTooLong: 'La descripción no debe de superar los 300 caracteres', // spec: 02 §5
  sectorNameTooShort: 'El nombre debe de contener por lo menos 1 caracter', // spec: 02 §5
  sectorNameTooLong: 'El nombre no debe de superar los 60 caracteres de longitud', // spec: 02 §5
  sectorErrorTitle: 'Se ha producido un error al querer crear el sector', // spec: 02 §8
  optionNameRequired: 'El nombre de la opción es requerido.', // spec: 02 §5
  optionNameTooLong: 'El nombre no debe de superar los 200 caracteres de longitud.', // spec: 02 §5
  managerSaveFailed: 'Ocurrió un error al querer guardar el encargado', // spec: 02 §8
  addressNotFound: 'Dirección no encontrada.', // spec: 02 §8
  alreadyExistsHint: 'Ya existe una empresa con el mismo código fiscal, verifica o usa otro.',
  invalidBodyHint: 'El formato de los datos es incorrecto, completa los campos requeridos.',
  internalHint: 'Ocurrió un problema inesperado, inténtalo más tarde.',
  internalTitle: 'Error interno del servidor', // spec: 02 §8, 03 §8
  // Screens of companies (apps/web features/companies).
  add: 'Agregar',
  edit: 'Editar',
  save: 'Guardar',
  cancel: 'Cancelar',
  delete: 'Eliminar',
  addTitle: 'Agregar {singular}',
  editTitle: 'Editar {singular}',
  businessName: 'Razón social',
  displayName: 'Nombre comercial',
  origin: 'Origen',
  description: 'Descripción',
  hasSectors: 'Tiene sectores',
  direction: 'Dirección',
  manager: 'Encargado',
  yes: 'Sí',
  no: 'No',
  customFields: 'Campos adicionales',
  saved: 'Se guardaron los datos de «{name}».',
  search: 'Buscar',
  searchPlaceholder: 'Razón social, nombre o {taxCode}',
  filters: 'Filtros',
  addFilter: 'Agregar filtro',
  filterField: 'Campo',
  filterOperator: 'Operador',
  filterValue: 'Valor',
  applyFilter: 'Aplicar',
  removeFilter: 'Quitar filtro {label}',
  clearFilters: 'Quitar filtros',
  operators: { equal: 'igual', not: 'distinto', gt: 'mayor que', lt: 'menor que' },
  noResults: 'Sin resultados',
  loadMore: 'Cargar más',
  selectAll: 'Seleccionar todas',
  selectRow: 'Seleccionar {name}',
  selected: '{n} seleccionadas',
  deleteSelected: 'Eliminar ({n})',
  deleteTitle: 'Eliminar {plural}',
  deleteCount: 'Se eliminarán {n} registros.',
  deleted: 'Se eliminaron {n} registros.',
  managerOf: 'Encargado de {name}',
  managerPlaceholder: 'Sin encargado',
  managerNotFound: 'No se encontro el encargado...', // spec: 02 §8
  generalInfo: 'Información general',
  backToList: 'Volver a {plural}',
  sectors: 'Sectores',
  createSector: 'Crear sector',
  sectorName: 'Nombre del sector',
  searchSectors: 'Buscar sector',
  noSectors: 'Sin sectores',
  deleteSector: 'Eliminar sector',
  deleteSectorNamed: 'Eliminar sector {name}',
  deleteSectorQuestion: '¿Eliminar el sector «{name}»?',
  contacts: 'Contactos',
  addContacts: 'Agregar contactos',
  selectContacts: 'Seleccionar Contactos',
  searchContacts: 'Buscar contacto',
  contactName: 'Nombre',
  role: 'Rol',
  rolePlaceholder: 'Ej.: Gerente de compras',
  sector: 'Sector',
  noSector: 'Sin sector',
  noContacts: 'Sin contactos',
  noSelectableContacts: 'No hay contactos para agregar',
  selectedContacts: '{n} seleccionados',
  contactsAdded: 'Se agregaron {n} contactos.',
} as const;
