import { npsEs } from './nps.es';
import { channelsEs } from './channels.es';
import { appEs, authEs } from './app.es';
import { contactsEs } from './contacts.es';
import { conversationEs } from './conversation.es';
import { companiesEs, fieldsEs } from './fields.es';
import { goalsEs } from './goals.es';
import { salesOfficeEs } from './sales-office.es';
import { requestSalesOfficeEs } from './request-sales-office.es';
import { receiptsEs } from './receipts.es';
import { trainingEs } from './training.es';
import { sharedInboxesEs } from './shared-inboxes.es';
import { companyEs } from './company.es';
import { fieldsConfigEs } from './fields-config.es';
import { adminEs } from './admin.es';
import { requestSalesEs } from './request-sales.es';
import { securityEs } from './security.es';
import { webhooksEs } from './webhooks.es';
import { emailEs } from './email.es';
import { keyboardEs } from './keyboard.es';
import { quickRepliesEs } from './quick-replies.es';
import { notificationsEs } from './notifications.es';
import { aiEs } from './ai.es';
import { actionsHistoryEs } from './actions-history.es';
import { startupEs, validationEs } from './validation.es';
import { contactEditorEs } from './contact-editor.es';
import { phoneEs } from './phone.es';
import { meetingsEs } from './meetings.es';
import { conversationPanelsEs } from './conversation-panels.es';
import { formsEs } from './forms.es';

export { errorMessage, errorMessages, format, GENERIC_SERVER_ERROR } from './errors.es';

/**
 * The Spanish catalogue: every text a user reads comes from here. Texts quoted by the
 * specification are copied exactly (including its accents and spelling); texts the specification
 * leaves "not shown" are ours and listed in docs/decisions.md. Areas add their own sections as
 * they arrive.
 */
export const es = {
  fields: fieldsEs,
  nps: npsEs,
  ai: aiEs,
  actionsHistory: actionsHistoryEs,
  channels: channelsEs,
  companies: companiesEs,
  contacts: contactsEs,
  conversation: conversationEs,
  sharedInboxes: sharedInboxesEs,
  company: companyEs,
  fieldsConfig: fieldsConfigEs,
  security: securityEs,
  webhooks: webhooksEs,
  email: emailEs,
  admin: adminEs,
  goals: goalsEs,
  salesOffice: salesOfficeEs,
  requestSalesOffice: requestSalesOfficeEs,
  receipts: receiptsEs,
  requestSales: requestSalesEs,
  training: trainingEs,
  keyboard: keyboardEs,
  quickReplies: quickRepliesEs,
  notifications: notificationsEs,
  validation: validationEs,
  startup: startupEs,
  app: appEs,
  password: {
    ruleLength: 'Al menos 6 caracteres',
    /** The length rule under a company's stricter minimum (security rules, issue #17). */
    ruleLengthOf: 'Al menos {n} caracteres',
    ruleUppercase: 'Al menos 1 mayúscula',
    ruleLowercase: 'Al menos 1 minúscula',
    ruleDigit: 'Al menos 1 número',
    currentTooShort: 'La contraseña debe contener al menos 6 caracteres',
    newInvalid: 'La contraseña no es válida',
    repeatRequired: 'Ingresa la nueva contraseña',
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
  auth: authEs,
  contactEditor: contactEditorEs,
  phone: phoneEs,
  meetings: meetingsEs,
  conversationPanels: conversationPanelsEs,
  forms: formsEs,
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
      actionsHistory: 'Historial de acciones', // spec: 01 §2
      groups: 'Administración',
      nps: 'NPS',
      forms: 'Formularios',
      company: 'Mi Empresa',
      /** Side-menu entries of a confined user only (issue #35 item 5). */
      training: 'Aprender',
      settings: 'Configuración',
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
    /** 01 §2 'Support' and the user menu's 'show or hide support' (issue #44 item 4). */
    support: 'Soporte',
    hideSupport: 'Ocultar soporte',
    showSupport: 'Mostrar soporte',
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
    edit: 'Editar perfil',
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
    oversizedOne: '{n} archivo ha sido removido debido a que su tamaño supero el limite', // spec: 01 §5, 03 §8
    oversizedMany: '{n} archivos han sido removidos debido a que su tamaño supero el limite', // spec: 01 §5, 03 §8
    uploadFailedTitle: 'Error al subir el archivo', // spec: 02 §8, 03 §8
    tooLarge: 'El tamaño del archivo es superior al permitido', // spec: 02 §5, 02 §8
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
    unknownKeys: 'Campos desconocidos: {keys}',
    invalidBody: 'Cuerpo de solicitud inválido', // spec: 02 §8
    profile: {
      title: 'Perfil',
      intro: 'Así te ven tus compañeros en Cartera.',
      name: 'Nombre',
      lastname: 'Apellido',
      email: 'Correo electrónico',
      photo: 'Foto',
      choosePhoto: 'Cambiar foto',
      removePhoto: 'Quitar foto',
      uploading: 'Subiendo foto…',
      save: 'Guardar perfil',
      saved: 'Tu perfil fue actualizado.',
      nameRequired: 'Ingresa tu nombre',
      nameTooLong: 'El nombre puede tener hasta 100 caracteres',
      lastnameInvalid: 'Apellido inválido',
      lastnameTooLong: 'El apellido puede tener hasta 100 caracteres',
      photoInvalid: 'La foto debe ser una imagen JPG, PNG, GIF o WEBP subida a Cartera',
      photoNotImage: 'Elige una imagen JPG, PNG, GIF o WEBP',
    },
    password: {
      title: 'Contraseña',
      intro: 'Al cambiarla se cierran tus sesiones en otros dispositivos.',
    },
    appearance: {
      title: 'Apariencia',
      intro: 'Cómo empieza el editor de mensajes al abrir una conversación.',
      label: 'Acción predeterminada del chat',
      options: {
        channel: 'Canal',
        personal_wpp: 'WhatsApp personal',
        note: 'Nota',
      },
      saved: 'Preferencia guardada.',
    },
    personal: {
      title: 'Llamadas',
      callOnPhone: 'Redirigir llamadas a tu celular', // spec: 03 §2, 03 §4
      callOnPhoneHint: 'Las llamadas que hagas desde Cartera sonarán en tu teléfono móvil.',
      callOnPhoneInvalid: 'Indica si las llamadas se redirigen a tu celular (sí o no)',
      saved: 'Configuración guardada.',
    },
    learn: {
      title: 'Aprender',
      intro: 'Clases grabadas, tutoriales y publicaciones de tu entrenador.',
      open: 'Ir a Aprender',
    },
    /** Notice preferences (issue #33 item 2): a notice type × toast, sound, browser notification. */
    notifications: {
      title: 'Notificaciones',
      intro: 'Cómo te avisa Cartera cuando pasa algo mientras haces otra cosa.',
      type: 'Aviso',
      channels: {
        toast: 'Aviso en pantalla',
        sound: 'Sonido',
        browser: 'Notificación del navegador',
      },
      types: {
        customerMessage: 'Mensaje de un cliente en mis conversaciones',
        teamCustomerMessage: 'Mensaje en conversaciones de mis equipos',
        // The system's own notices (issue #41 item 4).
        contactTransferred: 'Me transfirieron un contacto',
        reminderDue: 'Venció un recordatorio mío',
        requestComment: 'Comentario en una solicitud que creé',
      },
      /** A way of telling a notice type does not have. */
      channelMissing: 'No aplica',
      saved: 'Preferencias de notificaciones guardadas.',
      switchInvalid: 'Indica si este aviso está activado (sí o no)',
      switchesInvalid: 'Preferencias de notificación inválidas',
      unknownChannels: 'Formas de aviso desconocidas: {keys}',
      unknownTypes: 'Tipos de aviso desconocidos: {keys}',
      permission: {
        ask: 'Permitir notificaciones del navegador',
        granted: 'El navegador tiene permiso para mostrar notificaciones.',
        denied:
          'El navegador tiene bloqueadas las notificaciones de Cartera. Puedes permitirlas en la configuración del sitio.',
        default: 'El navegador todavía no tiene permiso para mostrar notificaciones.',
        unsupported: 'Este navegador no permite notificaciones.',
      },
      soundTest: 'Probar sonido',
      messageTitle: 'Mensaje de {name}',
      unreadMany: '{n} mensajes sin leer',
      openChat: 'Abrir el chat con {name}',
      kinds: {
        image: 'Imagen',
        audio: 'Audio',
        video: 'Video',
        document: 'Documento',
        other: 'Mensaje nuevo',
      },
    },
  },
} as const;
