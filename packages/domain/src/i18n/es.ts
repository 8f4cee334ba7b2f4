import { channelsEs } from './channels.es';
import type { ErrorCode } from '../errors';
import { contactsEs } from './contacts.es';
import { conversationEs } from './conversation.es';
import { companiesEs, fieldsErrorMessages, fieldsEs } from './fields.es';
import { goalsEs } from './goals.es';
import { sharedInboxesEs } from './shared-inboxes.es';

/**
 * The Spanish catalogue: every text a user reads comes from here. Texts quoted by the
 * specification are copied exactly (including its accents and spelling); texts the specification
 * leaves "not shown" are ours and listed in docs/decisions.md.
 */
export const GENERIC_SERVER_ERROR =
  'Se produjo un error en el servidor. Por favor, inténtelo nuevamente. Si el problema persiste, pongase en contacto con soporte.';

const transferTexts = {
  ERROR_YOURSELF_TRANSFER: 'No puedes transferirte tus propios contactos a ti mismo',
  ERROR_GROUP_NOT_FOUND: 'Grupo no encontrado',
  ERROR_INVALID_DATA: 'Datos de trasferencia invalidos',
  ERROR_ALREADY_BELONGS_TO_AGENT: 'El contacto que intentas transferir ya está asignado al agente',
  ERROR_USER_PROXY: 'Error al transferir al usuario proxy',
  ERROR_NOT_AUTHORIZED_GROUP: 'No perteneces al grupo del agente a transferir',
} as const;

export const errorMessages: Record<ErrorCode, string> = {
  INTERNAL_SERVER_ERROR: GENERIC_SERVER_ERROR,
  SERVICE_UNAVAILABLE:
    'El servicio no está disponible en este momento. Inténtelo nuevamente en unos minutos.',
  UNAUTHENTICATED: 'Tu sesión ha expirado. Inicia sesión nuevamente.',
  PERMISSION_DENIED: 'Permiso denegado',
  NOT_FOUND: 'No se encontró lo que buscabas.',
  INVALID_REQUEST_BODY: 'Cuerpo de solicitud inválido',
  TOO_MANY_REQUESTS: 'Demasiados intentos. Espera unos minutos antes de volver a intentarlo.',
  FILE_TOO_LARGE: 'El tamaño del archivo es superior al permitido',
  FILE_SIZE_REQUIRED: 'Debes indicar el tamaño del archivo para subirlo.',
  UPLOAD_URL_INVALID: 'El enlace de subida no es válido.',
  WEBHOOK_SIGNATURE_INVALID: 'La firma del webhook no es válida.',
  OUTBOUND_URL_NOT_ALLOWED:
    'La dirección configurada no está permitida: debe ser una dirección pública http o https.',
  UPLOAD_URL_EXPIRED: 'El enlace de subida ha expirado. Vuelve a intentarlo.',
  DISABLED_FEATURE: 'Esta funcionalidad no está habilitada para tu empresa.',
  CROSS_SITE_REQUEST: 'La solicitud viene de otro sitio y no se aceptó.',
  UNSUPPORTED_MEDIA_TYPE: 'El formato de la solicitud no es válido: se espera JSON.',
  INVALID_CREDENTIALS: 'El correo electrónico o la contraseña son incorrectos.',
  TOO_MANY_LOGIN_ATTEMPTS:
    'Demasiados intentos fallidos. Por seguridad, espera 15 minutos antes de volver a intentarlo.',
  PASSWORD_CHANGE_REQUIRED: 'Debes cambiar tu contraseña antes de continuar.',
  PASSWORD_EMPTY: 'La contraseña no puede estar vacía.',
  PASSWORD_MISMATCH: 'La contraseña escrita no coincide con la actual.',
  PASSWORD_REUSED: 'La nueva contraseña es igual a la anterior.',
  PASSWORD_INVALID: 'La contraseña no es válida',
  NOT_IMPERSONATING: 'No estás usando otra cuenta.',
  USER_NOT_FOUND: 'No se encontró el usuario.',
  COMPANY_ALREADY_EXISTS: '{singular} ya registrada',
  SECTOR_NAME_READY_USE: 'El nombre del sector ya está en uso.',
  ...fieldsErrorMessages,
  CONTACT_NOT_FOUND: 'Contacto no encontrado',
  SHARED_INBOX_NOT_FOUND: 'No se encontró la cartera compartida.',
  GOAL_ROLES_ERROR: 'Ocurrió un error al obtener los datos',
  GOAL_SELLER_INVALID: 'Solo se asignan objetivos a vendedores activos que puedes ver.',
  GOAL_WEEK_INVALID: 'La semana de un objetivo empieza un lunes.',
  GOAL_FILE_INVALID:
    'El archivo no es una planilla de objetivos válida: descarga la plantilla y complétala.',
  PERIOD_INVALID:
    'El período no es válido: la fecha de inicio va antes del fin y abarca hasta un año.',
  INVALID_CONTACT_ID: 'ID de contacto inválido',
  PHONE_BLOCKED: 'El número está bloqueado',
  PHONE_ALREADY_REGISTERED: contactsEs.phoneTaken,
  CONTACT_NOT_OBTAINABLE: contactsEs.takeFailedMessage,
  CONTACT_RESERVED: 'Otro usuario está revisando este contacto.',
  SUB_CONVERSATION_NOT_ALLOWED: contactsEs.subConversationFailed,
  UNIFY_NOT_ALLOWED: 'No tienes permiso para unificar contactos.',
  EXTERNAL_VALIDATION_FAILED: contactsEs.externalValidationDefault,
  EXTERNAL_SYSTEM_ERROR: contactsEs.externalUnavailable,
  ...transferTexts,
  TRANSFER_ERROR_YOURSELF_TRANSFER: transferTexts.ERROR_YOURSELF_TRANSFER,
  TRANSFER_ERROR_GROUP_NOT_FOUND: transferTexts.ERROR_GROUP_NOT_FOUND,
  TRANSFER_ERROR_INVALID_DATA: transferTexts.ERROR_INVALID_DATA,
  TRANSFER_ERROR_ALREADY_BELONGS_TO_AGENT: transferTexts.ERROR_ALREADY_BELONGS_TO_AGENT,
  TRANSFER_ERROR_USER_PROXY: transferTexts.ERROR_USER_PROXY,
  TRANSFER_ERROR_NOT_AUTHORIZED_GROUP: transferTexts.ERROR_NOT_AUTHORIZED_GROUP,
  TRANSFER_DISABLED_FEATURE: 'Esta funcionalidad no está habilitada para tu empresa.',
  ARCHIVING_REASON_NOT_FOUND: 'El motivo de archivo no existe o no está disponible para ti.',
  CONTACT_ALREADY_ARCHIVED: 'El contacto ya esta archivado con el motivo seleccionado',
  REQUIRED_ON_SALE_MISSING: 'Completa los campos requeridos para la venta antes de archivar.',
  TAG_CHANGE_NOT_ALLOWED: 'Solo el agente del contacto puede cambiar su etiqueta.',
  REMINDER_DATE_PAST: 'Por favor, seleccioná una fecha posterior a la actual.',
  CONTACT_IN_CALL: 'El contacto ya está en llamada',
  SUGGESTION_NOT_AVAILABLE: 'La sugerencia de recordatorio ya no está disponible.',
  PERSONAL_WHATSAPP_404: 'No tienes una sesión de WhatsApp personal activa.',
  CONTACT_WITHOUT_AGENT: 'El contacto no tiene un agente asignado.',
  SEND_MESSAGE_ERROR: 'Se ha producido un error en el envío del mensaje.',
  MAXIMUN_MESSAGE_EXCEEDED: 'El máximo de mensajes por día fue superado',
  NOTE_ERROR: 'No se ha podido crear la nota',
  CHANNEL_ERROR: 'Ocurrió un error con el canal de envío.',
  SMS_ERROR: 'Ocurrió un error al enviar el SMS.',
  SESSION_NOT_FOUND: 'No se encontró la sesión del canal.',
  CONTACT_WITHOUT_PHONE_NUMBER: 'El contacto no tiene un número de teléfono.',
  CHANNEL_WITHOUT_SESSIONS: 'El canal no tiene sesiones activas.',
  NO_VALID_SESSION: 'No hay una sesión válida para enviar el mensaje.',
  CHANNEL_NOT_FOUND: 'Canal no encontrado.',
  WHATSAPP_GATEWAY_NOT_CONFIGURED:
    'Tu empresa todavía no configuró un servidor de WhatsApp. Pide a un responsable que lo agregue en Mi Empresa > Canales.',
  MESSAGE_LIMIT_EXCEEDED:
    'Límite de mensajes por hora alcanzado. Esperando a que se restablezca el límite para continuar.',
  WHATSAPP_WINDOW_CLOSED:
    'Pasaron más de 24 horas desde el último mensaje del cliente: solo puedes escribirle con una plantilla aprobada.',
  META_WINDOW_CLOSED: 'Te encuentras fuera del periodo permitido por Meta',
  MESSAGE_NOT_EDITABLE:
    'Solo puedes editar tus propios mensajes de texto durante los 15 minutos posteriores al envío.',
  MESSAGE_NOT_DELETABLE:
    'Solo puedes eliminar tus propios mensajes durante la hora posterior al envío.',
  EDIT_MESSAGE_ERROR: 'Error al editar el mensaje',
  DELETE_MESSAGE_ERROR: 'Error al eliminar el mensaje',
  BOT_NOT_ACTIVE:
    'El BOT no se encuentra activo. Por favor, actívelo para poder empezar a utilizarlo.',
  BOT_CONFIG_NOT_FOUND: 'No se encontró la configuración del BOT',
  NET_PROMOTER_SCORE_NOT_FOUND: 'No se encontró la encuesta.',
  ERROR_ON_SEND_MESSAGE: 'Ocurrió un error al enviar la encuesta.',
  DISPATCH_SURVEY_ERROR: 'Ocurrió un error al despachar la encuesta.',
};

/** Replaces `{name}` placeholders; unknown placeholders stay as they are. */
export function format(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

export function errorMessage(code: string | undefined, values?: Record<string, string | number>) {
  const template =
    code && Object.hasOwn(errorMessages, code)
      ? errorMessages[code as ErrorCode]
      : GENERIC_SERVER_ERROR;
  return format(template, values);
}

/** Texts of the platform screens. Areas add their own sections as they arrive. */
export const es = {
  fields: fieldsEs,
  channels: channelsEs,
  companies: companiesEs,
  contacts: contactsEs,
  conversation: conversationEs,
  sharedInboxes: sharedInboxesEs,
  goals: goalsEs,
  app: {
    name: 'Cartera',
    notFoundTitle: 'Página no encontrada',
    notFoundBody: 'La dirección que buscas no existe o fue movida.',
    backHome: 'Volver al inicio',
    loading: 'Cargando…',
    retry: 'Volver a intentar',
    close: 'Cerrar',
    serverStatus: 'Estado del servidor',
    connected: 'Conectado',
    database: 'Base de datos',
    version: 'Versión',
    realtime: 'Tiempo real',
    realtimeConnected: 'Conectado',
    realtimeConnecting: 'Conectando…',
    serverTime: 'Hora del servidor',
    databasePglite: 'Embebida (PGlite)',
    databasePostgres: 'PostgreSQL',
  },
  password: {
    ruleLength: 'Al menos 6 caracteres',
    ruleUppercase: 'Al menos 1 mayúscula',
    ruleLowercase: 'Al menos 1 minúscula',
    ruleDigit: 'Al menos 1 número',
    currentTooShort: 'La contraseña debe contener al menos 6 caracteres',
    newInvalid: 'La contraseña no es válida',
    repeatRequired: 'Debe ingresar la nueva contraseña',
    repeatMismatch: 'Las contraseñas deben ser iguales',
    title: 'Cambiar contraseña',
    forcedIntro: 'Por seguridad, debes cambiar tu contraseña antes de continuar.',
    current: 'Contraseña actual',
    next: 'Nueva contraseña',
    repeat: 'Repetir nueva contraseña',
    submit: 'Cambiar contraseña',
    changed: 'Tu contraseña fue actualizada.',
    checklist: 'La nueva contraseña debe tener:',
    rulePassed: 'cumplido',
    ruleMissing: 'pendiente',
  },
  auth: {
    loginTitle: 'Iniciar sesión',
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Ingresar',
    emailRequired: 'Ingresa tu correo electrónico',
    emailInvalid: 'Ingresa un correo electrónico válido',
    passwordRequired: 'Ingresa tu contraseña',
    logout: 'Cerrar sesión',
  },
  /** Side menu (01 §2). Group labels are ours: the specification names the groups only in English. */
  menu: {
    entries: {
      performance: 'Rendimiento',
      reports: 'Reportes',
      sellers: 'Vendedores',
      sales: 'Ventas',
      sharedInbox: 'Carteras compartidas',
      presale: 'Crear preventa',
      requestSale: 'Solicitudes',
      goals: 'Objetivos',
      campaigns: 'Campañas',
      inbox: 'Inbox',
      conversations: 'Conversaciones',
      contacts: 'Contactos',
      companies: 'Companies',
      calendar: 'Calendario',
      map: 'Mapa',
      actionsHistory: 'Historial de acciones',
      groups: 'Administración',
      nps: 'NPS',
      forms: 'Formularios',
      company: 'Mi Empresa',
    },
    groups: {
      charts: 'Estadísticas',
      backoffice: 'Backoffice',
      conversations: 'Bandeja de entrada',
      contacts: 'Clientes',
    },
  },
  shell: {
    mainMenu: 'Menú principal',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    collapseMenu: 'Contraer menú',
    expandMenu: 'Expandir menú',
    changeAccount: 'Cambiar de cuenta',
    returnToAdmin: 'Volver a administrador',
    impersonating: '{admin}, estás usando la cuenta de {name} ({email}).',
    userMenu: 'Menú de usuario',
    profile: 'Mi perfil',
    activity: 'Actividad',
    learn: 'Aprender',
    notifications: 'Notificaciones',
    switched: 'Ahora estás usando la cuenta de {name}.',
    returned: 'Volviste a tu cuenta de administrador.',
  },
  profile: {
    title: 'Mi perfil',
    name: 'Nombre',
    email: 'Correo electrónico',
    role: 'Rol',
    userType: 'Tipo de usuario',
    group: 'Grupo',
    company: 'Empresa',
    close: 'Cerrar',
  },
  activity: {
    title: 'Actividad',
    date: 'Día',
    empty: 'Sin actividad para este día',
    loadingMore: 'Cargando más acciones…',
    end: 'No hay más acciones este día',
    byAnotherUser: 'Realizada por otra persona en tu cuenta',
    unknown: 'Acción registrada',
    types: {
      login: 'Inició sesión',
      logout: 'Cerró sesión',
      'password-changed': 'Cambió su contraseña',
      'account-switched': 'Pasó a usar la cuenta de {to}',
      'account-returned': 'Volvió a su cuenta de administrador',
      'linked-account-switched': 'Cambió a una cuenta vinculada',
    },
  },
  accountSwitcher: {
    title: 'Cambiar de cuenta',
    currentCompany: 'Empresa actual',
    otherCompany: 'Otra empresa',
    company: 'Empresa',
    companyPlaceholder: 'Elige una empresa',
    companyNothingFound: 'No se encontraron empresas',
    chooseCompany: 'Elige una empresa para ver sus usuarios.',
    search: 'Buscar usuario',
    searchPlaceholder: 'Nombre, apellido o correo electrónico',
    sections: {
      projectManagers: 'Gestores de proyecto',
      comercial: 'Comerciales',
      supervisors: 'Supervisores',
      sellers: 'Vendedores',
    },
    empty: 'No se encontraron usuarios',
    linkedTitle: 'Cuentas vinculadas',
    linkedEmpty: 'No tienes otras cuentas vinculadas.',
  },
  sellers: {
    title: 'Vendedores',
    search: 'Buscar vendedor',
    searchPlaceholder: 'Nombre o correo electrónico',
    all: 'Todos ({n})',
    company: 'Toda la empresa ({n})',
    wholeGroup: 'Todo el grupo ({n})',
    empty: 'Aún no hay vendedores activos.',
    noMatches: 'Ningún vendedor coincide con la búsqueda.',
    allTitle: 'Todos los vendedores',
    countOne: '1 vendedor',
    countMany: '{n} vendedores',
    seller: 'Vendedor',
    groupLabel: 'Grupo',
    notFound: 'No encontramos ese vendedor o grupo entre los que puedes ver.',
  },
  home: {
    welcome: 'Hola, {name}',
    intro: 'Te damos la bienvenida a Cartera.',
    company: 'Empresa',
    group: 'Grupo',
    role: 'Rol',
  },
  newVersion: {
    title: 'Novedades de Cartera',
    intro: 'Conoce en este video lo nuevo de Cartera.',
    understood: 'Entendido',
    videoUnsupported: 'Tu navegador no puede reproducir este video.',
  },
  files: {
    oversizedOne: '{n} archivo ha sido removido debido a que su tamaño supero el limite',
    oversizedMany: '{n} archivos han sido removidos debido a que su tamaño supero el limite',
    uploadFailedTitle: 'Error al subir el archivo',
    tooLarge: 'El tamaño del archivo es superior al permitido',
  },
  /** /settings (ours where 01 §7 shows no text: docs/decisions.md 'Personal API tokens'). */
  settings: {
    title: 'Configuración',
    apiTokens: 'Tokens de API',
    apiTokensIntro:
      'Para que otras aplicaciones usen Cartera en tu nombre. Cada token se muestra una sola vez.',
    create: 'Crear token',
    name: 'Nombre',
    namePlaceholder: 'Ej.: Integración con mi sistema',
    scope: 'Permisos',
    scopes: {
      read: 'Solo lectura',
      write: 'Lectura y escritura',
      admin: 'Lectura, escritura y configuración',
    },
    createdAt: 'Creado',
    lastUsedAt: 'Último uso',
    never: 'Nunca',
    state: 'Estado',
    active: 'Activo',
    revoked: 'Revocado el {date}',
    revoke: 'Revocar',
    revokeTitle: '¿Revocar el token «{name}»?',
    empty: 'Todavía no creaste tokens.',
    cancel: 'Cancelar',
    createdTitle: 'Token creado',
    createdWarning: 'Cópialo ahora: por seguridad no volverás a verlo.',
    copy: 'Copiar',
    copied: 'Copiado',
    done: 'Listo',
  },
} as const;
