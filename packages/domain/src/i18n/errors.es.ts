import type { ErrorCode } from '../errors';

/*
 * The error codes' Spanish messages (one per ErrorCode). Part of the catalogue that es.ts
 * re-exports; the first bundle imports it on its own (issue #35 item 2).
 */

export const GENERIC_SERVER_ERROR =
  'Se produjo un error en el servidor. Por favor, inténtelo nuevamente. Si el problema persiste, pongase en contacto con soporte.'; // spec: 01 §8, 02 §8

const transferTexts = {
  ERROR_YOURSELF_TRANSFER: 'No puedes transferirte tus propios contactos a ti mismo', // spec: 02 §8, 03 §8
  ERROR_GROUP_NOT_FOUND: 'Grupo no encontrado', // spec: 02 §8, 03 §8
  ERROR_INVALID_DATA: 'Datos de trasferencia invalidos', // spec: 02 §8, 03 §8
  ERROR_ALREADY_BELONGS_TO_AGENT: 'El contacto que intentas transferir ya está asignado al agente', // spec: 02 §8, 03 §8
  ERROR_USER_PROXY: 'Error al transferir al usuario proxy', // spec: 02 §8, 03 §8
  ERROR_NOT_AUTHORIZED_GROUP: 'No perteneces al grupo del agente a transferir', // spec: 02 §8, 03 §8
} as const;

/** Companies' and custom fields' errors. */
const fieldsErrorMessages = {
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

export const errorMessages: Record<ErrorCode, string> = {
  INTERNAL_SERVER_ERROR: GENERIC_SERVER_ERROR,
  SERVICE_UNAVAILABLE:
    'El servicio no está disponible en este momento. Inténtalo nuevamente en unos minutos.',
  UNAUTHENTICATED: 'Tu sesión ha expirado. Inicia sesión nuevamente.',
  API_TOKEN_INVALID:
    'El token de API no es válido o fue revocado. Crea uno nuevo en Configuración, "Tokens de API".',
  PERMISSION_DENIED: 'Permiso denegado',
  NOT_FOUND: 'No se encontró lo que buscabas.',
  INVALID_REQUEST_BODY: 'Cuerpo de solicitud inválido', // spec: 02 §8
  TOO_MANY_REQUESTS: 'Demasiados intentos. Espera unos minutos antes de volver a intentarlo.',
  SESSION_ACTIVE:
    'Ya hay una sesión iniciada en este navegador. Ciérrala antes de usar un enlace de acceso.',
  FRAME_NOT_ALLOWED:
    'Esta página no está configurada para verse dentro de Cartera. Ábrela en una pestaña nueva.',
  FILE_TOO_LARGE: 'El tamaño del archivo es superior al permitido', // spec: 02 §5, 02 §8
  FILE_INFLATED_TOO_LARGE:
    'No se puede leer el archivo: descomprimido supera los {maxMegabytes} MB permitidos. Revisa que sea la planilla descargada.',
  FILE_SIZE_REQUIRED: 'Debes indicar el tamaño del archivo para subirlo.',
  UPLOAD_URL_INVALID: 'El enlace de subida no es válido.',
  WEBHOOK_SIGNATURE_INVALID: 'La firma del webhook no es válida.',
  OUTBOUND_URL_NOT_ALLOWED:
    'La dirección configurada no está permitida: debe ser una dirección pública http o https.',
  FILE_DOWNLOAD_FAILED: 'No se pudo descargar el archivo', // spec: 02 §8, 03 §8
  UPLOAD_URL_EXPIRED: 'El enlace de subida ha expirado. Vuelve a intentarlo.',
  UPLOAD_URL_USED: 'Este enlace de subida ya se usó. Vuelve a adjuntar el archivo.',
  UPLOAD_SIZE_MISMATCH: 'El archivo recibido no tiene el tamaño indicado. Vuelve a adjuntarlo.',
  FILE_NOT_UPLOADED: 'El archivo no terminó de subirse. Vuelve a adjuntarlo.',
  FILE_LINK_EXPIRED: 'El enlace del archivo ha expirado.',
  STORAGE_UNAVAILABLE:
    'No se pudo guardar el archivo: el almacenamiento no responde. Inténtalo de nuevo en unos minutos.',
  DISABLED_FEATURE: 'Esta funcionalidad no está habilitada para tu empresa.',
  CROSS_SITE_REQUEST: 'La solicitud viene de otro sitio y no se aceptó.',
  UNSUPPORTED_MEDIA_TYPE: 'El formato de la solicitud no es válido: se espera JSON.',
  METHOD_NOT_ALLOWED: 'Esta dirección no admite este método.',
  CREDENTIAL_IN_URL:
    'No se aceptan credenciales en la dirección: inicia sesión y envía la solicitud con tu sesión.',
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
  PROFILE_PHOTO_INVALID: 'La foto debe ser una imagen JPG, PNG, GIF o WEBP subida a Cartera.',
  COMPANY_ALREADY_EXISTS: '{singular} ya registrada', // spec: 02 §8
  SECTOR_NAME_READY_USE: 'El nombre del sector ya está en uso.', // spec: 02 §8, 03 §8
  ...fieldsErrorMessages,
  CONTACT_NOT_FOUND: 'Contacto no encontrado', // spec: 03 §8
  TRAINING_ITEM_NOT_FOUND: 'No se encontró la clase o el tutorial.',
  COACH_POST_NOT_FOUND: 'No se encontró la publicación.',
  COACH_COMMENT_NOT_FOUND: 'No se encontró el comentario.',
  TRAINING_COACH_ONLY: 'Solo el entrenador de tu empresa puede hacer esto.',
  TRAINING_AUDIENCE_INVALID: 'Los grupos y usuarios elegidos deben ser de tu empresa.',
  COACH_COMMENT_EMPTY: 'Escribe un comentario antes de enviarlo.',
  COACH_COMMENT_NOT_YOURS: 'Solo puedes eliminar tus propios comentarios.',
  COACH_COMMENT_PARENT_INVALID: 'El comentario al que respondes no es de esta publicación.',
  SHARED_INBOX_NOT_FOUND: 'No se encontró la cartera compartida.',
  RECEIPT_NOT_FOUND: 'No se encontró la venta.',
  WEBHOOK_SUBSCRIPTION_NOT_FOUND: 'No se encontró la suscripción.',
  WEBHOOK_DELIVERY_NOT_FOUND: 'No se encontró el envío.',
  NOTIFICATION_NOT_FOUND: 'No se encontró la notificación.',
  NOTIFICATION_CREATE_ERROR: 'Ocurrió un error al querer agregar una nueva notificación.', // spec: 01 §8
  NOTIFICATION_SHIPMENT_NOT_FOUND: 'No se encontró el envío de notificaciones.',
  NOTIFICATION_TEMPLATE_NOT_FOUND: 'No se encontró la plantilla de notificación.',
  NOTIFICATION_SHIPMENT_SENT: 'Este envío ya salió: no se puede cambiar ni enviar de nuevo.',
  NOTIFICATION_AUDIENCE_EMPTY: 'El envío no llega a ningún usuario activo.',
  NOTIFICATION_SCHEDULE_INVALID: 'La fecha de envío debe ser futura.',
  PRESALE_DISABLED: 'Las preventas no están habilitadas en tu empresa.',
  RECEIPT_FIELD_LOCKED: 'Solo el equipo comercial puede modificar este campo de la venta.',
  RECEIPT_SELLER_INVALID: 'El vendedor debe ser un vendedor activo de tu empresa.',
  RECEIPT_SELLER_LOCKED: 'El vendedor de esta venta está bloqueado.',
  RECEIPT_CANCELED: 'La venta está cancelada: cambia su estado antes de modificarla.',
  RECEIPT_VALUE_INVALID: 'El valor no es válido para este campo.',
  REQUEST_SALE_NOT_FOUND: 'No se encontró la solicitud.',
  REQUEST_TEMPLATE_NOT_FOUND: 'No se encontró la plantilla de solicitud.',
  REQUEST_TEMPLATE_ROLES:
    'No tenés los permisos necesarios para interactuar con esta plantilla de solicitud', // spec: 02 §2
  REQUEST_SALE_INVALID: 'Revisa los campos marcados de la solicitud.',
  REQUEST_SALE_NOT_EDITABLE: 'No puedes modificar esta solicitud.',
  REQUEST_SALE_STATUS_NOT_ALLOWED:
    'Hubo un error al cambiar el estado de la solicitud. Por favor, inténtelo de nuevo. Si el problema persiste, contacte con soporte.', // spec: 02 §8
  REQUEST_SALE_SELLER_INVALID:
    'El vendedor debe ser un usuario activo de tu empresa que puedas elegir.',
  REQUEST_SALE_USER_INVALID: 'El usuario elegido debe ser un usuario activo de tu empresa.',
  REQUEST_SALE_SHARE_INVALID:
    'Solo puedes compartir la solicitud con usuarios activos de tu empresa.',
  REQUEST_COMMENT_NOT_FOUND: 'No se encontró el comentario.',
  REQUEST_COMMENT_NOT_YOURS: 'Solo puedes eliminar tus propios comentarios.',
  closingRequestSale: 'Existe una solicitud activa', // spec: 03 §8
  GOAL_ROLES_ERROR: 'Ocurrió un error al obtener los datos',
  GOAL_SELLER_INVALID: 'Solo se asignan objetivos a vendedores activos que puedes ver.',
  GOAL_WEEK_INVALID: 'La semana de un objetivo empieza un lunes.',
  GOAL_FILE_INVALID:
    'El archivo no es una planilla de objetivos válida: descarga la plantilla y complétala.',
  PERIOD_INVALID:
    'El período no es válido: la fecha de inicio va antes del fin y abarca hasta un año.',
  INVALID_CONTACT_ID: 'ID de contacto inválido', // spec: 03 §8
  PHONE_BLOCKED: 'El número está bloqueado',
  PHONE_ALREADY_REGISTERED: 'El número de teléfono ya pertenece a otro contacto.',
  CONTACT_NOT_OBTAINABLE: 'Ocurrió un error al obtener el contacto, por favor intenta nuevamente', // spec: 02 §8
  CONTACT_RESERVED: 'Otro usuario está revisando este contacto.',
  SUB_CONVERSATION_NOT_ALLOWED:
    'Hubo un error, asegúrese de que el contacto no sea una subconversación', // spec: 02 §8
  UNIFY_NOT_ALLOWED: 'No tienes permiso para unificar contactos.',
  EXTERNAL_VALIDATION_FAILED:
    'Los campos proporcionados no son válidos para crear/actualizar el contacto. Verifica la información e inténtalo nuevamente.', // spec: 02 §8
  EXTERNAL_SYSTEM_ERROR: 'El sistema externo no respondió. Inténtalo nuevamente.',
  ...transferTexts,
  TRANSFER_ERROR_YOURSELF_TRANSFER: transferTexts.ERROR_YOURSELF_TRANSFER,
  TRANSFER_ERROR_GROUP_NOT_FOUND: transferTexts.ERROR_GROUP_NOT_FOUND,
  TRANSFER_ERROR_INVALID_DATA: transferTexts.ERROR_INVALID_DATA,
  TRANSFER_ERROR_ALREADY_BELONGS_TO_AGENT: transferTexts.ERROR_ALREADY_BELONGS_TO_AGENT,
  TRANSFER_ERROR_USER_PROXY: transferTexts.ERROR_USER_PROXY,
  TRANSFER_ERROR_NOT_AUTHORIZED_GROUP: transferTexts.ERROR_NOT_AUTHORIZED_GROUP,
  TRANSFER_DISABLED_FEATURE: 'Esta funcionalidad no está habilitada para tu empresa.',
  ARCHIVING_REASON_NOT_FOUND: 'El motivo de archivo no existe o no está disponible para ti.',
  ARCHIVING_REASON_CODE_TAKEN: 'Ya existe un motivo de archivo con ese código.',
  VISIT_RESULT_CODE_TAKEN: 'Ya existe un resultado de visita con ese código.',
  VISIT_RESULT_NOT_FOUND: 'El resultado de visita no existe.',
  SHORTCUT_NOT_FOUND: 'El acceso directo no existe o ya se eliminó.',
  CONTACT_ALREADY_ARCHIVED: 'El contacto ya esta archivado con el motivo seleccionado', // spec: 03 §8
  REQUIRED_ON_SALE_MISSING: 'Completa los campos requeridos para la venta antes de archivar.',
  TAG_CHANGE_NOT_ALLOWED: 'Solo el agente del contacto puede cambiar su etiqueta.',
  REMINDER_DATE_PAST: 'Por favor, seleccioná una fecha posterior a la actual.', // spec: 02 §5
  CONTACT_IN_CALL: 'El contacto ya está en llamada', // spec: 03 §8
  SUGGESTION_NOT_AVAILABLE: 'La sugerencia de recordatorio ya no está disponible.',
  PERSONAL_WHATSAPP_404: 'No tienes una sesión de WhatsApp personal activa.',
  CONTACT_WITHOUT_AGENT: 'El contacto no tiene un agente asignado.',
  SEND_MESSAGE_ERROR: 'Se ha producido un error en el envío del mensaje.', // spec: 03 §8
  MAXIMUN_MESSAGE_EXCEEDED: 'El máximo de mensajes por día fue superado', // spec: 03 §8
  NOTE_ERROR: 'No se ha podido crear la nota', // spec: 03 §8
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
    'Límite de mensajes por hora alcanzado. Esperando a que se restablezca el límite para continuar.', // spec: 03 §8
  WHATSAPP_WINDOW_CLOSED:
    'Pasaron más de 24 horas desde el último mensaje del cliente: solo puedes escribirle con una plantilla aprobada.',
  META_WINDOW_CLOSED: 'Te encuentras fuera del periodo permitido por Meta', // spec: 03 §8
  MESSAGE_NOT_EDITABLE:
    'Solo puedes editar tus propios mensajes de texto durante los 15 minutos posteriores al envío.',
  MESSAGE_NOT_DELETABLE:
    'Solo puedes eliminar tus propios mensajes durante la hora posterior al envío.',
  EDIT_MESSAGE_ERROR: 'Error al editar el mensaje', // spec: 03 §8
  DELETE_MESSAGE_ERROR: 'Error al eliminar el mensaje',
  SCHEDULED_DATE_INVALID: 'Por favor, seleccioná una fecha posterior a la actual.', // spec: 02 §5
  SCHEDULED_MESSAGE_NOT_CHANGEABLE: 'Este mensaje programado ya no se puede cambiar.',
  SCHEDULED_MESSAGE_ERROR: 'Error al enviar el mensaje programado.', // spec: 03 §8
  MEETING_LINK_FAILED: 'Error al crear el enlace de la reunión', // spec: 02 §8
  MEETING_PROVIDER_NOT_CONNECTED:
    'El organizador no tiene conectado ese tipo de reunión. Revisa la integración de calendario del organizador.',
  MEETING_AUTH_FAILED: 'El proveedor rechazó la conexión. Revisa los datos e inténtalo de nuevo.',
  BOT_NOT_ACTIVE:
    'El BOT no se encuentra activo. Por favor, actívelo para poder empezar a utilizarlo.', // spec: 03 §8
  BOT_CONFIG_NOT_FOUND: 'No se encontró la configuración del BOT', // spec: 03 §8
  NET_PROMOTER_SCORE_NOT_FOUND: 'No se encontró la encuesta.',
  ERROR_ON_SEND_MESSAGE: 'Ocurrió un error al enviar la encuesta.',
  DISPATCH_SURVEY_ERROR: 'Ocurrió un error al despachar la encuesta.',
  GROUP_NOT_FOUND: 'No se encontró el grupo en tu empresa.',
  GROUP_NAME_TAKEN: 'Ya existe un grupo con ese nombre dentro del mismo grupo.',
  GROUP_MOVE_INVALID: 'Un grupo no puede moverse dentro de sí mismo ni de uno de sus subgrupos.',
  GROUP_ROOT_LOCKED: 'El grupo principal de la empresa no se puede mover ni desactivar.',
  USER_EMAIL_TAKEN: 'Ya existe un usuario con ese correo electrónico.',
  USER_ROLE_NOT_ALLOWED:
    'Solo un administrador puede asignar el rol Administrador o cambiar a un administrador.',
  USER_SELF_CHANGE:
    'No puedes desactivar tu propio usuario ni quitarte el rol que te permite administrar.',
  USER_MOVE_BLOCKED: 'Antes de mover a este usuario de empresa, transfiere {pending}.',
  USER_MOVE_SAME_COMPANY:
    'El usuario ya pertenece a esa empresa: para cambiarlo de grupo, edita su grupo.',
  EMAIL_AUTH_FAILED:
    'El servidor {server} rechazó el usuario o la contraseña. Revisa la contraseña; si tu correo usa verificación en dos pasos, crea una contraseña de aplicación.',
  EMAIL_HOST_NOT_FOUND: 'No se encontró el servidor {server} "{host}". Revisa su nombre.',
  EMAIL_TLS_FAILED:
    'No se pudo establecer una conexión segura con {host}. Revisa el puerto y la seguridad (SSL/TLS o STARTTLS).',
  EMAIL_SERVER_UNREACHABLE:
    'El servidor {server} "{host}" no respondió. Revisa el servidor y el puerto, o inténtalo más tarde.',
  EMAIL_ACCOUNT_NOT_FOUND: 'No se encontró el correo conectado.',
  EMAIL_ACCOUNT_EXISTS: 'Este correo ya está conectado a tu usuario.',
  EMAIL_SEND_REFUSED: 'El servidor de correo rechazó el envío: {reason}',
  EMAIL_ACCOUNT_UNAVAILABLE:
    'El correo {address} no está conectado o su contraseña fue rechazada. Vuelve a conectarlo en Ajustes.',
  EMAIL_REPLY_NOT_FOUND: 'No se encontró el correo que quieres responder en esta conversación.',
  EMAIL_THREAD_NOT_YOURS:
    'Solo quien tiene conectada la casilla por la que llegó este correo puede sacar su hilo del CRM.',
  EMAIL_NYLAS_NOT_CONFIGURED:
    'La conexión con Gmail u Outlook no está disponible en este servidor. Conecta tu correo por IMAP y SMTP.',
  EMAIL_NYLAS_AUTH_FAILED:
    'No se pudo completar la conexión con tu correo: la autorización venció o ya se usó. Vuelve a conectarlo desde Ajustes.',
  EMAIL_NYLAS_UNAVAILABLE:
    'El servicio de correo no respondió. Inténtalo de nuevo en unos minutos.',
  AI_NOT_CONFIGURED: 'La redacción de respuestas con IA no está configurada en este servidor.',
  AI_LIMIT_REACHED:
    'Tu empresa ya usó las {limit} respuestas sugeridas de este mes. Un administrador puede ampliar el límite en Administración.',
  AI_UNAVAILABLE: 'Error de conexión', // spec: 02 §8
  PHONE_CALL_FAILED: 'No se pudo realizar la llamada.', // spec: 03 §8
  PHONE_NUMBER_RESTRICTED: 'Número de teléfono restringido', // spec: 03 §8
  PHONE_PROVIDER_NOT_CONNECTED:
    'Tu empresa no tiene un proveedor de llamadas conectado. Un administrador puede conectarlo en Mi Empresa.',
  PHONE_USER_NOT_MAPPED:
    'Tu usuario no tiene una cuenta de Aircall asignada. Elígela en Ajustes › Llamadas.',
  PHONE_PROVIDER_AUTH_FAILED:
    'Aircall rechazó el API ID o el token. Revisa los datos e inténtalo de nuevo.',
  PHONE_PROVIDER_UNAVAILABLE: 'Aircall no respondió. Inténtalo de nuevo en unos minutos.',
  PHONE_NUMBER_ALREADY_RESTRICTED: 'Ese número ya está restringido.',
  FORM_NOT_FOUND: 'El formulario no existe o fue eliminado.',
  FORM_LINK_NOT_FOUND: 'Este enlace no existe o el formulario ya no está disponible.',
  FORM_LINK_USED: 'Este formulario ya fue completado. ¡Gracias!',
  FORM_LINK_EXPIRED: 'Este enlace venció. Pídele uno nuevo a quien te lo envió.',
  FORM_ANSWER_LIMIT: 'Demasiados envíos seguidos. Espera unos minutos y vuelve a intentarlo.',
  CAMPAIGN_NOT_FOUND: 'La campaña no existe o fue eliminada.',
  CAMPAIGN_NOT_EDITABLE: 'La campaña ya no admite ese cambio: mira su estado.',
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
