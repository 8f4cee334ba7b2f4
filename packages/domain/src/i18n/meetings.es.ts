/**
 * Texts of meetings and the calendar (02 §3, §4, §8, §9; 03 §2.1, §2.2, §9; issue #40). Texts
 * quoted by the specification are marked `spec:`; the others are ours. Part of the one Spanish
 * catalogue: `es.meetings` re-exports these.
 */
export const meetingsEs = {
  tab: 'Reunión', // spec: 03 §2.2
  /** The scheduler's steps (02 §4): the date, then the confirmation. */
  scheduler: {
    title: 'Agendar reunión',
    selectDate: 'Elige el día y la hora',
    confirm: 'Confirmar reunión',
    now: 'Ahora', // spec: 02 §4 instant option
    schedule: 'Agendar', // spec: 03 §9
    back: 'Volver',
    previousDay: 'Día anterior',
    nextDay: 'Día siguiente',
    generatingLink: 'Generando Link...', // spec: 02 §4
    defaultSummary: 'Reunión con', // spec: 02 §9
    busy: 'Ocupado',
    free: 'Horarios del día',
    noTimes: 'No quedan horarios libres este día.',
    format12: '12 h',
    format24: '24 h',
    link: 'Enlace de la reunión',
    noLink: 'Sin enlace',
    created: 'Reunión creada', // spec: 02 §8
    linkError: 'Error al crear el enlace de la reunión', // spec: 02 §8
    linkErrorHint: 'Revisa la integración de calendario del organizador.',
    personHint: 'Las reuniones en persona no llevan enlace.',
  },
  form: {
    summary: 'Asunto',
    medium: 'Tipo de reunión',
    date: 'Fecha',
    time: 'Hora',
    duration: 'Duración',
    comment: 'Comentario',
    organizer: 'Organizador',
    me: 'Yo',
    reminders: 'Recordatorios',
    reminderBefore: 'antes',
    addReminder: 'Agregar recordatorio',
    removeReminder: 'Quitar recordatorio',
    reminderMessage: 'Mensaje',
    attendees: 'Invitados',
    attendeeEmailPlaceholder: 'correo@ejemplo.com',
    addAttendee: 'Agregar invitado',
    removeAttendee: 'Quitar invitado',
    summaryRequired: 'El asunto de la reunión es requerido', // spec: 02 §5, 03 §9
    dateRequired: 'Fecha requerida', // spec: 02 §5, 03 §9
    typeRequired: 'Tipo de reunión requerido', // spec: 03 §9
    datePast: 'La fecha seleccionada tiene que ser superior a la actual', // spec: 03 §9
    commentMax: 'El comentario puede tener hasta 2500 caracteres',
    attendeeEmail: 'Correo electrónico inválido',
  },
  mediums: { meet: 'Google Meet', zoom: 'Zoom', person: 'En persona' },
  durations: { '15min': '15 minutos', '30min': '30 minutos', '1hour': '1 hora' },
  units: { minutes: 'minutos', hours: 'horas', days: 'días' },
  /** 02 §4 statuses' titles. */
  statuses: {
    active: 'Reunión activa', // spec: 02 §4
    inProgress: 'Reunión en proceso', // spec: 02 §4
    expired: 'Reunión vencida', // spec: 02 §4
    done: 'Reunión realizada', // spec: 02 §4
    cancel: 'Reunión cancelada', // spec: 02 §4
    error: 'Error al crear la reunión', // spec: 02 §4
  },
  /** 02 §4: the buttons by status. */
  buttons: {
    cancelMeeting: 'Cancelar reunión', // spec: 02 §4
    done: 'Realizada', // spec: 02 §4
    cancelled: 'Cancelada', // spec: 02 §4
    markCancelled: 'Reunión cancelada', // spec: 02 §4
    markDone: 'Reunión realizada', // spec: 02 §4
  },
  statusFailed: 'No se pudo cambiar el estado de la reunión.',
  join: 'Unirse',
  /** The bubble's length of the meeting. */
  durationMinutes: '{n} min',
  reminderItem: 'Recordatorio de reunión',
  /** 03 §9: the time between the reminder and the meeting. */
  reminderGap: {
    years: '{n} años antes',
    months: '{n} meses antes',
    days: '{n} días antes',
    hours: '{n} horas antes',
    minutes: '{n} minutos antes',
  },
  reminderSent: 'Enviado al cliente por WhatsApp',
  reminderFailed: 'No se pudo enviar al cliente',
  expiredItem: 'Reunión vencida',
  /** What the customer receives when the reminder has no message of its own. */
  customerReminder: 'Te recordamos la reunión «{summary}» el {date}.',
  customerReminderLink: 'Enlace: {link}',
  calendar: {
    title: 'Calendario', // spec: 01 §2
    today: 'Hoy',
    day: 'Día',
    week: 'Semana',
    month: 'Mes',
    empty: 'No tienes reuniones ni recordatorios en estas fechas.',
    loadError: 'No se pudo cargar el calendario.',
    retry: 'Reintentar',
    reminder: 'Recordatorio',
    meeting: 'Reunión',
    pickDate: 'Elige en el calendario el día y la hora del recordatorio.',
    mine: 'Mis reuniones',
    team: 'Mi equipo',
    assignTitle: 'Asignar en calendario',
    assignConfirm: '¿Asignar el recordatorio el {date}?',
    assign: 'Asignar',
  },
  /** 'Mi Empresa' › 'Reuniones'. */
  company: {
    title: 'Reuniones',
    template: 'Plantilla de los recordatorios',
    templateHint:
      'La plantilla aprobada de WhatsApp con que se envía un recordatorio cuando pasaron más de 24 horas desde el último mensaje del cliente. Su primer parámetro es el texto del recordatorio. Sin plantilla, ese recordatorio no se envía.',
    templateName: 'Nombre de la plantilla',
    templateLanguage: 'Idioma',
    save: 'Guardar',
    saved: 'Cambios guardados',
    zoom: 'Zoom',
    zoomAccount: 'Cuenta de Zoom',
    zoomAccountId: 'Account ID',
    zoomClientId: 'Client ID',
    zoomClientSecret: 'Client secret',
    zoomConnect: 'Conectar Zoom',
    zoomConnected: 'Zoom conectado',
    zoomDisconnect: 'Desconectar',
  },
  settings: {
    title: 'Reuniones',
    companyOn: 'Tu empresa tiene las reuniones activadas para todos.',
    google: 'Google Calendar',
    googleNone: 'Conecta tu Google Calendar para crear reuniones de Google Meet.',
    googleConnect: 'Conectar Google Calendar',
    googleDisconnect: 'Desconectar',
    googleConnected: 'Google Calendar conectado',
    enable: 'Usar reuniones',
    enableHint: 'La pestaña «Reunión» de la conversación para ti, aunque tu empresa no la active.',
  },
} as const;
