/**
 * 'Campañas' (issue #42 item 2; 01 §2 /campaigns). The spec shows no texts of this screen: these
 * are ours, in the product's voice.
 */
export const campaignsEs = {
  title: 'Campañas',
  validation: {
    name: 'Escribe un nombre para la campaña',
    nameTooLong: 'El nombre admite hasta 120 caracteres',
    channel: 'Elige el canal de WhatsApp que envía la campaña',
    template: 'Elige una plantilla aprobada',
    parameterText: 'Escribe el texto fijo de la variable',
    customFieldValue: 'Escribe el valor que debe tener el campo',
    days: 'Indica entre 1 y 3650 días',
    rate: 'La velocidad va de 1 a 80 mensajes por segundo',
    window: 'La hora de fin debe ser posterior a la de inicio',
    channelNotTemplates: 'Ese canal no envía plantillas de WhatsApp',
    templateNotApproved: 'Esa plantilla no está aprobada en el canal',
    parameterCount: 'La plantilla tiene {expected} variables y se indicaron {given}',
    customFieldUnknown: 'No existe el campo personalizado {code}',
  },
  states: {
    pending: 'Pendiente',
    skipped: 'Omitido',
    sending: 'Enviando',
    sent: 'Enviado',
    failed: 'Fallido',
    unknown: 'Desconocido',
  },
  skipReasons: {
    OPTED_OUT: 'Pidió no recibir campañas',
    MISSING_VALUES: 'Faltan datos para la plantilla: {fields}',
    CONTACT_WITHOUT_PHONE_NUMBER: 'Sin teléfono',
  },
  statuses: {
    draft: 'Borrador',
    scheduled: 'Programada',
    sending: 'Enviando',
    paused: 'En pausa',
    done: 'Terminada',
    canceled: 'Cancelada',
  },
  /** The timeline's line on a campaign message. */
  timelineLabel: 'Campaña «{name}»',
} as const;
