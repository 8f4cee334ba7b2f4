import type { ErrorCode } from '../errors';
import { companiesEs, fieldsErrorMessages, fieldsEs } from './fields.es';

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
  UPLOAD_URL_EXPIRED: 'El enlace de subida ha expirado. Vuelve a intentarlo.',
  DISABLED_FEATURE: 'Esta funcionalidad no está habilitada para tu empresa.',
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
  INVALID_CONTACT_ID: 'ID de contacto inválido',
  ...transferTexts,
  TRANSFER_ERROR_YOURSELF_TRANSFER: transferTexts.ERROR_YOURSELF_TRANSFER,
  TRANSFER_ERROR_GROUP_NOT_FOUND: transferTexts.ERROR_GROUP_NOT_FOUND,
  TRANSFER_ERROR_INVALID_DATA: transferTexts.ERROR_INVALID_DATA,
  TRANSFER_ERROR_ALREADY_BELONGS_TO_AGENT: transferTexts.ERROR_ALREADY_BELONGS_TO_AGENT,
  TRANSFER_ERROR_USER_PROXY: transferTexts.ERROR_USER_PROXY,
  TRANSFER_ERROR_NOT_AUTHORIZED_GROUP: transferTexts.ERROR_NOT_AUTHORIZED_GROUP,
  TRANSFER_DISABLED_FEATURE: 'Esta funcionalidad no está habilitada para tu empresa.',
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
  MESSAGE_LIMIT_EXCEEDED:
    'Límite de mensajes por hora alcanzado. Esperando a que se restablezca el límite para continuar.',
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
  companies: companiesEs,
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
} as const;
