/**
 * Texts of request sales, 'Solicitudes' (issue #15): the seller's editor (02 §2 screen 10, §4,
 * §5), the contact's panel and the composer's tab (03 §2.2), the timeline bubble and the
 * archive refusal (03 §4). The field errors are the domain module's (REQUEST_TEXTS); texts the
 * specification does not show are ours (docs/decisions.md "Request sales 'Solicitudes'").
 * Part of the one Spanish catalogue: `es.requestSales`.
 */
import { NEW_CLIENT_TEXTS, REQUEST_TEXTS } from './request-sales-texts.es';
import { contactsEs } from './contacts.es';

export const requestSalesEs = {
  fieldErrors: REQUEST_TEXTS,
  newClientErrors: NEW_CLIENT_TEXTS,
  /** Composer tab and panel. */
  tab: 'Solicitudes',
  panelTitle: contactsEs.requests,
  empty: contactsEs.requestsEmpty,
  more: 'Ver mas',
  less: 'Ver menos',
  newRequest: 'Nueva solicitud',
  pickTemplate: 'Elige una plantilla',
  noTemplates: 'La empresa no tiene plantillas de solicitud.',
  defaultWord: 'Solicitud',
  unseenBadge: '{n} sin ver',
  createdBy: 'Creada por {name}',
  /** The editor modal. */
  create: 'Crear {title}',
  modify: 'Modificar {title}',
  tabRequest: 'Solicitud',
  tabComments: 'Comentarios',
  saveDraft: 'Guardar como borrador', // spec: 02 §4
  send: 'Enviar',
  sent: 'Enviado',
  edit: 'Editar',
  close: 'Cerrar',
  auditBanner: 'Estas en modo de procesamiento de solicitud', // spec: 02 §2
  rolesWarning: 'No tenés los permisos necesarios para interactuar con esta plantilla de solicitud', // spec: 02 §2
  configCard: 'Configuración de Solicitud', // spec: 02 §2
  seller: 'Vendedor',
  status: 'Estado',
  statusPlaceholder: 'Elige un estado',
  sellerPlaceholder: 'Elige un vendedor',
  clientCard: 'Datos del cliente', // spec: 02 §2
  clientFirstName: 'Nombre',
  clientLastName: 'Apellido',
  clientPhone: 'Teléfono',
  clientDetail: 'Detalle',
  /** 'Nueva solicitud' for a phone one of the user's visible contacts already has (issue #35). */
  clientExists: 'Este teléfono ya es de un contacto que puedes ver.',
  useExistingClient: 'Usar el contacto existente',
  usingExistingClient: 'La solicitud será para el contacto que ya tiene este teléfono.',
  otherClient: 'Ingresar otro cliente',
  changeStatus: 'Cambiar estado',
  statusChangedTitle: 'Cambio de estado', // spec: 02 §4
  statusChanged:
    'El cambio de estado se aplicó correctamente. Su solicitud ha sido actualizada exitosamente.', // spec: 02 §4
  statusFailedTitle: 'Error en cambiar estado de solicitud', // spec: 02 §8
  statusFailed:
    'Hubo un error al cambiar el estado de la solicitud. Por favor, inténtelo de nuevo. Si el problema persiste, contacte con soporte.', // spec: 02 §8
  saved: 'Solicitud guardada',
  sentDone: 'Solicitud enviada',
  missingRequired: REQUEST_TEXTS.missingRequired,
  cancel: 'Cancelar',
  continue: 'Continuar',
  leaveQuestion: '¿Estás seguro que deseas salir sin guardar los cambios?', // spec: 02 §8
  leave: 'Salir',
  stay: 'Seguir editando',
  /** 'Compartir solicitud'. */
  share: 'Compartir solicitud',
  shareUser: 'Usuario',
  sharePermission: 'Permiso',
  shareAdd: 'Compartir',
  shareRemove: 'Quitar',
  shareEmpty: 'La solicitud no está compartida.',
  /** The form. */
  lines: 'Prepagos',
  lineCode: 'Código',
  addLine: 'Agregar código',
  removeLine: 'Quitar código',
  upload: 'Subir archivo',
  uploadMany: 'Subir archivos',
  removeFile: 'Quitar archivo',
  uploading: 'Subiendo {name}',
  searchPlaceholder: 'Buscar…',
  searchFailed: 'No se pudo consultar la búsqueda. Inténtalo de nuevo más tarde.',
  searchEmpty: 'Sin resultados',
  autoincrement: 'Se numera al guardar',
  datePlaceholder: 'DD/MM/AAAA',
  dateTimePlaceholder: 'DD/MM/AAAA HH:mm',
  emptyTemplate: 'La plantilla no tiene campos.',
  readOnlyEmpty: '—',
  /** Comments. */
  commentPlaceholder: 'Escribe un comentario',
  comment: 'Comentar',
  commented: 'comento', // spec: 02 §2
  noComments: 'Todavía no hay comentarios.',
  markSeen: 'Marcar como visto', // spec: 02 §2
  deleteComment: 'Eliminar comentario',
  deleteRequest: 'Eliminar',
  deleteRequestQuestion: '¿Eliminar esta solicitud?',
  hideComment: 'Ocultar',
  showComment: 'Mostrar',
  hiddenComment: 'Oculto',
  loadMore: 'Ver más comentarios',
  commentsOnlyEditing: 'Guarda la solicitud para poder comentarla.',
  /** The server's checks of a new comment. */
  commentRequired: 'El comentario es obligatorio',
  commentTooLong: 'El comentario no puede tener más de 2000 caracteres',
  /** The origin text of a contact a request's 'Nuevo cliente' creates when the company has no such origin. */
  newClientOriginText: 'Solicitud',
  /** The timeline bubble (saleupdate). */
  bubble: {
    created: 'Solicitud creada',
    updated: 'Solicitud modificada',
    stateChange: 'Cambio de estado: {status}',
    comment: 'Nuevo comentario en la solicitud',
    open: 'Ver solicitud',
  },
  /** 03 §4 archive refusal. */
  activeOne: 'Existe una solicitud activa', // spec: 03 §8
  activeMany: 'Existen {n} solicitudes activas', // spec: 03 §8
  activeHelp:
    'Para archivar el contacto, modificá o cancelá cada solicitud activa. Abrila desde la lista.',
  open: 'Abrir',
} as const;
