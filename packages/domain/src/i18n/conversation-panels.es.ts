/**
 * The conversation screen's panels and dialogs (03 §2.1, §4, §7, §9; issue #43 items 3 and 4):
 * the company drawer, sub-conversations in a side panel, the unattended-contact dialog, the
 * statistics panels and the redo action.
 */
export const conversationPanelsEs = {
  companyDrawerLabel: 'Empresa del contacto',
  viewCompanyPage: 'Ver empresa', // spec: 03 §2.1
  closeDrawer: 'Cerrar',
  subConversationLabel: 'Subconversación',
  openSubConversation: 'Abrir conversación completa',
  unattendedChip: 'Desatendido',
  unattendedHint: 'Más de 24 horas sin interacción',
  unattendedTitle: 'Contacto desatendido',
  unattendedBody:
    'Este contacto lleva más de 24 horas sin interacción. Su última interacción fue el {date}.',
  unattendedNever:
    'Este contacto lleva más de 24 horas sin interacción y todavía no tiene ninguna.',
  unattendedClose: 'Entendido',
  statistics: 'Estadísticas',
  statisticsEmpty: 'El sistema externo no tiene estadísticas de este contacto.',
  statisticsFailed: 'No se pudieron cargar las estadísticas del sistema externo.',
  statsUrl: 'Dirección de estadísticas',
  statsUrlHint:
    'Opcional. Se consulta con GET y ?id={contactId} para mostrar el panel de estadísticas de la conversación.',
  redoArchive: 'Volver a archivar',
  redoArchiveHint: 'Archivar otra vez con «{reason}»',
  redoReminder: 'Repetir recordatorio',
  redoReminderHint: 'Recordatorio «{action}» con la misma anticipación que el anterior',
  redone: 'Hecho',
  whatsappNote: 'Nota de WhatsApp',
  whatsappNoteHint: 'Nota interna marcada como de WhatsApp',
  // 02 §6: adding a company or a sector from the contact sheet's pickers.
  addCompany: 'Crear empresa',
  addSector: 'Crear sector',
  sectorName: 'Nombre del sector',
  create: 'Crear',
} as const;
