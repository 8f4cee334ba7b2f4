/**
 * Texts of in-app notifications and the platform admins' shipments (01 §2, §3, §8; issue #41).
 * The error codes' texts are in errors.es.ts.
 */
export const notificationsEs = {
  /** 01 §2 Notification card: the action button's label by media type. */
  actionLabels: {
    video: 'Ver video', // spec: 01 §2
    article: 'Ver articulo', // spec: 01 §2
    image: 'Ver imagen', // spec: 01 §2
    tutorial: 'Ver tutorial', // spec: 01 §2
    document: 'Ver documento', // spec: 01 §2
    audio: 'Escuchar audio', // spec: 01 §2
    text: 'Ver notificación', // spec: 01 §2
  },
  audienceRequired: 'Elige al menos una empresa, un grupo o un usuario.',
  rolesNeedCompanies: 'Los roles se eligen junto con empresas o grupos.',
  redirectUrlInvalid: 'Ingresa una dirección https válida.',
  usersLimit: 'Puedes elegir hasta 20 usuarios.',
  /** What every user sees (01 §2 /all-notifications, /notifications/{id}, Notification card). */
  card: {
    close: 'Cerrar notificación',
    banner: 'Notificación',
    notice: 'Aviso',
  },
  list: {
    title: 'Notificaciones', // spec: 01 §2 user menu
    intro: 'Los avisos y novedades que recibiste en Cartera.',
    empty: 'No tienes notificaciones.',
    unviewed: 'Sin ver',
    unviewedCount: '{n} sin ver',
    received: 'Recibida el {date}',
    pages: 'Páginas de notificaciones',
    back: 'Volver a Notificaciones',
    /** The user menu's entry with its count. */
    menuCount: '{n} sin ver',
  },
  /** 'Administración' › 'Notificaciones' (the platform admins' shipments; ours but the form). */
  admin: {
    tabs: { groups: 'Grupos', notifications: 'Notificaciones' },
    title: 'Notificaciones',
    intro:
      'Avisos para los usuarios de una o varias empresas: un banner arriba de la pantalla o un aviso abajo a la derecha.',
    create: 'Nueva notificación',
    table: 'Envíos de notificaciones',
    empty: 'Todavía no hay envíos de notificaciones.',
    columns: {
      title: 'Título',
      kind: 'Formato',
      status: 'Estado',
      delivered: 'Entregadas',
      date: 'Fecha',
    },
    kinds: { banner: 'Banner', 'right-bottom-notification': 'Aviso abajo a la derecha' },
    types: { article: 'Artículo', video: 'Video' },
    statuses: {
      draft: 'Borrador',
      scheduled: 'Programada',
      sending: 'Enviando',
      sent: 'Enviada',
    },
    edit: 'Editar «{title}»',
    statistics: 'Estadísticas de «{title}»',
    back: 'Volver a Notificaciones',
    loadMore: 'Cargar más envíos',
  },
  form: {
    newTitle: 'Nueva notificación',
    editTitle: 'Editar notificación',
    content: 'Contenido',
    title: 'Título',
    description: 'Descripción',
    image: 'Imagen',
    chooseImage: 'Elegir imagen',
    removeImage: 'Quitar imagen',
    uploading: 'Subiendo imagen…',
    notImage: 'Elige una imagen (PNG, JPG, GIF o WebP).',
    type: 'Tipo',
    redirectURL: 'Enlace',
    redirectHint:
      'Se abre en otra pestaña con el botón de la notificación. Sin enlace, el botón abre la notificación en Cartera.',
    popup: 'Aviso emergente',
    popupHint:
      'Encendido: un aviso abajo a la derecha. Apagado: un banner arriba de la pantalla, que empuja la página hacia abajo.',
    audience: 'Destinatarios',
    companies: 'Empresas',
    groups: 'Grupos de tu empresa',
    roles: 'Roles',
    rolesHint: 'Deja vacío para todos los roles de las empresas y grupos elegidos.',
    users: 'Usuarios (hasta 20)',
    usersHint: 'Nombre, apellido o correo de usuarios de cualquier empresa.',
    reach: {
      counting: 'Contando destinatarios…',
      none: 'Ningún usuario activo recibirá esta notificación.',
      one: '1 usuario activo recibirá esta notificación.',
      many: '{n} usuarios activos recibirán esta notificación.',
      pick: 'Elige empresas, grupos o usuarios para ver a cuántos llega.',
    },
    preview: 'Vista previa',
    previewHint: 'Así la verán los usuarios.',
    previewTitle: 'Título de la notificación',
    saveDraft: 'Guardar borrador',
    send: 'Enviar',
    sendNow: 'Enviar ahora',
    later: 'Programar para más tarde',
    at: 'Fecha y hora de envío',
    schedule: 'Programar envío',
    saved: 'Notificación guardada.',
    sent: 'Notificación enviada.',
    scheduled: 'Notificación programada para el {date}.',
    scheduledFor: 'Programada para el {date}.',
  },
  templates: {
    title: 'Plantillas',
    apply: 'Usar plantilla',
    applyPlaceholder: 'Elige una plantilla',
    none: 'Sin plantillas guardadas.',
    save: 'Guardar como plantilla',
    name: 'Nombre de la plantilla',
    saved: 'Plantilla guardada.',
    remove: 'Eliminar plantilla',
    removeQuestion: '¿Eliminar la plantilla «{name}»?',
    removed: 'Plantilla eliminada.',
    failed: 'No se pudieron cargar las plantillas.',
  },
  statistics: {
    title: 'Estadísticas',
    live: 'Se actualizan en vivo mientras los usuarios ven, abren y cierran la notificación.',
    audience: 'Destinatarios',
    delivered: 'Entregadas',
    viewed: 'Vistas',
    opened: 'Abiertas',
    closed: 'Cerradas',
    byCompany: 'Por empresa',
    byRole: 'Por rol',
    company: 'Empresa',
    role: 'Rol',
    empty: 'Todavía no se entregó ninguna.',
    status: 'Estado: {status}',
  },
  /** The system's own notices (issue #41 item 4; docs/decisions.md 'System notices'). */
  system: {
    contactTransferred: {
      title: 'Te transfirieron a {contact}',
      body: '{user} te transfirió este contacto.',
      bodyWithNote: '{user} te transfirió este contacto: «{note}»',
      action: 'Abrir conversación',
      /** Several transfers of one person within minutes, told as one notice. */
      manyTitle: 'Te transfirieron {n} contactos',
      manyBody: '{user} te transfirió {n} contactos.',
    },
    reminderDue: {
      title: 'Venció tu recordatorio de {contact}',
      body: 'Es hora de retomar la conversación.',
      bodyWithComment: '«{comment}»',
      action: 'Abrir conversación',
    },
    /** A notice of several records: its action opens their list. */
    many: { action: 'Ver conversaciones' },
    requestComment: {
      title: 'Nuevo comentario en tu solicitud de {contact}',
      body: '{user}: «{text}»',
      action: 'Abrir conversación',
    },
  },
} as const;
