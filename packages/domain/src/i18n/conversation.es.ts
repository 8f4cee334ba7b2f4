/**
 * Texts of the conversation screen: timeline, composer, reminders, archiving, tags (03 §2, §4,
 * §5, §8). Part of the one Spanish catalogue: `es.conversation` re-exports these.
 */
export const conversationEs = {
  unknownInteraction: 'Interaccion desconocida',
  retrySend: 'Volver a intentar.',
  fetchRetry: 'Volver a reintentar',
  fetchInternalError: 'Error interno del servidor',
  fetchInvalidId: 'ID de contacto inválido',
  fetchOther: 'Error al obtener info del contacto',
  noteFailed: 'No se ha podido crear la nota',
  archiveFailedTitle: 'Error en Archivar Contacto',
  archiveFailed: 'Ocurrió un error al querer archivar al contacto',
  current: 'Actual',
  noReasons: 'Sin razones de archivado',
  tagChangeFailed: 'Error al cambiar la etiqueta',
  noTags: 'Sin etiquetas',
  reminderFailed: 'No se pudo agendar el recordatorio.',
  reminderToday: 'Hoy',
  reminderThisWeek: 'Esta semana',
  reminderNextWeek: 'Siguiente semana',
  nextContact: 'Siguiente contacto',
} as const;
