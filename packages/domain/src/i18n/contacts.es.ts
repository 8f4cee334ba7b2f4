import { errorMessages } from './errors.es';

/**
 * Texts of contacts: the sheet, the details panel, phone checks, unify, transfer, take-over,
 * sub-conversations and the external contact system (02 §2, §4, §5, §8). Part of the one Spanish
 * catalogue: `es.contacts` re-exports these.
 */
export const contactsEs = {
  // Sheet (02 §2 screen 1, §5)
  createTitle: 'Crear contacto',
  editTitle: 'Editar contacto',
  createSubmit: 'Agregar',
  editSubmit: 'Guardar',
  fieldRequired: 'Este campo es obligatorio', // spec: 02 §5
  /** 02 §5 gives a bound of 100 with a text saying 32: the bound wins (docs/decisions.md). */
  nameTooLong: 'No debe tener más de {max} caracteres', // spec: 02 §5
  invalidEmail: 'El email tiene que ser válido', // spec: 02 §5
  invalidOrigin: 'El origen debe ser válido', // spec: 02 §5
  tagRequired: 'La etiqueta es requerida', // spec: 02 §5
  companyRequired: 'Debes seleccionar al menos una empresa', // spec: 02 §5
  phoneRequired: 'Se requiere un número de teléfono para el contacto', // spec: 02 §5
  extraPhoneRequired: 'Es obligatorio completar el teléfono adicional', // spec: 02 §5
  phoneInvalidForCountry:
    'El numero de teléfono tiene que ser un numero valido de {country} o de otro país con el codigo correspondiente', // spec: 02 §5
  phoneTyped: 'El número ingresado no es válido', // spec: 02 §5
  phoneRepeated: 'El número de teléfono se encuentra repetido.', // spec: 02 §5
  extensionDigits: 'La extensión solo admite números',
  locationRequired: 'La ubicación es requerida',
  detailTooLong: 'El detalle no puede tener mas de {max} caracteres', // spec: 02 §5
  govIdTooLong: 'El documento no debe tener más de {max} caracteres',
  unknownKind: 'Campo no reconocido', // spec: 02 §2
  connectionError: 'Error en conexión con el servidor', // spec: 02 §8
  phoneCheckFailed: 'Ocurrió un error al validar el número {number}', // spec: 02 §8
  // The sheet's inputs and notices (texts the spec does not give)
  createdNotice: 'Contacto creado: {name}',
  savedNotice: 'Contacto actualizado: {name}',
  phoneN: 'Teléfono {n}',
  extensionN: 'Interno del teléfono {n}',
  emailN: 'Email {n}',
  emailPlaceholder: 'nombre@ejemplo.com',
  removePhone: 'Quitar teléfono {n}',
  removeEmail: 'Quitar email {n}',
  removeCompany: 'Quitar empresa {n}',
  phoneChecking: 'Validando número…',
  phoneValid: 'Número válido',
  phoneOptions: 'Opciones del número',
  sectorNeedsCompany: 'Elige primero la empresa',
  externalTitle: 'Sistema externo: {system}',
  // Labels of the sheet and the details panel
  firstName: 'Nombre',
  lastName: 'Apellido',
  phones: 'Teléfonos',
  phone: 'Teléfono',
  addPhone: 'Agregar teléfono',
  extension: 'Interno',
  emails: 'Emails',
  email: 'Email',
  addEmail: 'Agregar email',
  govId: 'Documento',
  statusTag: 'Etiqueta',
  origin: 'Origen',
  originText: 'Detalle del origen',
  location: 'Ubicación',
  locationComment: 'Comentario de la ubicación',
  companies: 'Empresas',
  company: 'Empresa',
  sector: 'Sector',
  role: 'Cargo',
  addCompany: 'Agregar empresa',
  removeRow: 'Quitar',
  detail: 'Comentario',
  proximity: 'Proximidad',
  imported: 'Importado',
  importedYes: 'Cargado desde una base de datos',
  socialNetworks: 'Redes sociales',
  address: 'Dirección',
  openMap: 'Ver en el mapa',
  agent: 'Vendedor',
  noAgent: 'Sin asignar',
  createdAt: 'Creado',
  lastInteraction: 'Última interacción',
  // Phone popover (02 §8)
  phoneDuplicate: 'El número ya pertenece a un contacto de {agent}',
  phoneDuplicateMine: 'El número ya pertenece a tu contacto {name}',
  phoneDuplicateUnassigned: 'El número ya pertenece a un contacto sin asignar',
  phoneBlocked: 'El número está bloqueado: {reason}',
  phoneTaken: errorMessages.PHONE_ALREADY_REGISTERED,
  sectorNotOfCompany: 'El sector no pertenece a la empresa.',
  obtainContact: 'Obtener contacto',
  goToMyContact: 'Ir a mi contacto',
  createSubConversation: 'Crear subconversación',
  unifyContacts: 'Unificar contactos',
  // Take-over (02 §8)
  takenTitle: 'Contacto obtenido',
  takenMessage: 'El contacto se ha transferido correctamente a tu cartera', // spec: 02 §8
  takeFailedTitle: 'Error al obtener el contacto', // spec: 02 §8
  takeFailedMessage: errorMessages.CONTACT_NOT_OBTAINABLE,
  // Details panel (02 §2 screen 2)
  details: 'Detalles',
  unify: 'Unificar contacto',
  copyConversation: 'Copiar conversación',
  copied: 'Guardado en portapapeles', // spec: 02 §8
  copyEmpty: 'El contacto no tiene interacciones para copiar.',
  system: 'Sistema',
  edit: 'Editar contacto',
  viewCompany: 'Ver empresa',
  transfer: 'Transferir',
  requests: 'Solicitudes',
  requestsEmpty: 'El contacto no tiene solicitudes.',
  subConversations: 'Subconversaciones',
  subConversationsEmpty: 'El contacto no tiene subconversaciones.',
  newSubConversation: 'Nuevo',
  showMore: 'Ver mas',
  showLess: 'Ver menos',
  subConversationOf: 'Subconversación de {name}',
  // Unify (02 §2 screen 5, §5)
  unifyTitle: 'Unificar contacto',
  unifyOther: 'Contacto a unificar',
  unifyColumns: {
    field: 'Campos',
    a: 'Contacto A (Base)', // spec: 02 §2
    b: 'Contacto B',
    result: 'Resultado',
  },
  unifySwap: 'Cambiar base',
  unifySubmit: 'Unificar',
  unifyIrreversible:
    'Unificar es irreversible: el contacto B desaparece y sus datos pasan a la base.',
  contactARequired: 'El contacto A es requerido.', // spec: 02 §5
  contactBRequired: 'El contacto B es requerido.', // spec: 02 §5
  unifySame: 'Elige dos contactos distintos.',
  unifyDone: 'Contactos unificados',
  cancel: 'Cancelar',
  // Transfer (02 §2 screen 6, §4, §5, §8)
  transferTitle: 'Transferir contacto(s)',
  transferAgent: 'Agente',
  transferAgentRequired: 'El agente a transferir es necesario', // spec: 02 §5
  transferNote: 'Nota',
  transferKeep: 'Mantener recordatorio y motivo de archivo',
  transferSubmit: 'Transferir',
  retry: 'Reintentar',
  transferFailedTitle: 'Ocurrio un error en la transferencia', // spec: 02 §8, 03 §8
  transferFailedDefault: 'No se pudo transferir el contacto.',
  transferErrorCode: 'Error {code}',
  transferDone: 'Contactos transferidos',
  transferProgress: 'Transfiriendo {done} de {total}',
  noAgents: 'No se encontro el vendedor.', // spec: 02 §8
  // Sub-conversations (02 §4, §8)
  subConversationTitle: 'Crear Subconversación',
  subConversationDescription: 'Descripción',
  subConversationFailed: errorMessages.SUB_CONVERSATION_NOT_ALLOWED,
  subConversationCreate: 'Crear',
  subConversationStatus: {
    new: 'Nuevo',
    closed: 'Cerrado',
    disregarded: 'Desatendido',
    sold: 'Vendido',
    reminder: 'Recordatorio',
    active: 'Activo',
    overdue_reminder: 'Recordatorio vencido',
  },
  // External contact system (02 §4, §8)
  externalStates: {
    listening: 'Esperando cambios para validar en {system}',
    validating: 'Validando con {system}…',
    error: 'No válido para {system}',
    valid: 'Válido para {system}',
  },
  externalCreateFailed: 'Error al crear el contacto en el sistema {system}',
  externalUpdateFailed: 'Error al actualizar el contacto en el sistema {system}',
  externalValidationDefault: errorMessages.EXTERNAL_VALIDATION_FAILED,
  externalUnavailable: errorMessages.EXTERNAL_SYSTEM_ERROR,
  // The /contacts list
  listTitle: 'Contactos',
  searchPlaceholder: 'Buscar por nombre, teléfono, email o documento',
  newContact: 'Crear contacto',
  empty: 'Todavía no hay contactos.',
  noResults: 'No se encontró resultado para la búsqueda...', // spec: 02 §8
  loadMore: 'Cargar más',
  filters: 'Filtros',
  clearFilters: 'Limpiar filtros',
  /** Days with timeline activity: the records behind a 'Rendimiento' figure (issue #35). */
  activeFromFilter: 'Actividad desde',
  activeToFilter: 'Actividad hasta',
  selected: '{n} seleccionados',
  selectAll: 'Seleccionar todos',
  selectContact: 'Seleccionar {name}',
  // The /contacts list and the contact page (issue #5 web; texts the spec does not give)
  search: 'Buscar contactos',
  filterBy: 'Filtrar por {field}',
  backToList: 'Volver a Contactos',
  /** The contact view's back link to the inbox it was opened from. */
  backTo: 'Volver a {name}',
  notFoundBody: 'El contacto no existe o no tienes acceso a él.',
  importedNo: 'No',
  copyFailed: 'No se pudo copiar la conversación al portapapeles.',
  channelTypes: {
    instagram: 'Instagram',
    facebook: 'Facebook',
    whatsapp: 'WhatsApp',
  } as Record<string, string>,
  subConversationCreated: 'Subconversación creada',
  subConversationAgent: 'Agente de la subconversación',
  transferAgentPlaceholder: 'Buscar vendedor',
  transferAgentIsOwner: 'El contacto ya está asignado a este agente.',
  transferPartial: 'No se transfirieron {failed} de {total} contactos.',
  unifySearchPlaceholder: 'Buscar contacto por nombre',
  unifyBase: 'Contacto base: {name}',
  unifyColumnA: 'Contacto A',
  unifyColumnBBase: 'Contacto B (Base)',
  interactionTypes: {
    note: 'Nota',
    transfer: 'Transferencia',
    contactTaken: 'Contacto obtenido',
    unify: 'Unificación',
    'subconversation-created': 'Subconversación creada',
  } as Record<string, string>,
  // The contact map ('Mapa', /contacts/map, issue #44 item 1).
  map: {
    title: 'Mapa',
    intro:
      'Los contactos que ves, con su ubicación, agrupados por zona. Acerca el mapa o toca un grupo para verlos uno a uno.',
    label: 'Mapa de contactos',
    list: 'Ver lista',
    loading: 'Cargando el mapa…',
    empty: 'Ningún contacto con ubicación en esta zona del mapa.',
    emptyFiltered: 'Ningún contacto con ubicación coincide con los filtros en esta zona del mapa.',
    count: '{n} contactos en esta zona',
    countOne: '1 contacto en esta zona',
    truncated: 'Se muestran los primeros {n}; acerca el mapa para ver el resto.',
    cluster: '{n} contactos: acercar',
    stack: '{n} contactos en la misma dirección',
    open: 'Abrir {name}',
    zoomIn: 'Acercar',
    zoomOut: 'Alejar',
  },
} as const;
