/**
 * Texts of the keyboard (issue #33 item 5): the command menu (Ctrl/Cmd+K) and the keyboard
 * shortcuts sheet ('?'). Part of the one Spanish catalogue: `es.keyboard` re-exports these.
 */
export const keyboardEs = {
  menuTitle: 'Menú de comandos',
  menuPlaceholder: 'Busca una pantalla, un contacto por nombre o número, o una acción…',
  menuOptions: 'Resultados',
  menuEmpty: 'Nada coincide con la búsqueda.',
  menuSearching: 'Buscando contactos…',
  menuHint: '↑ ↓ para moverse · Enter para elegir · Esc para cerrar',
  sectionChat: 'Chat abierto',
  sectionScreens: 'Ir a',
  sectionContacts: 'Contactos',
  chatArchive: 'Archivar el chat',
  chatRemind: 'Crear un recordatorio',
  chatTransfer: 'Transferir el contacto',
  chatNote: 'Escribir una nota',
  sheetTitle: 'Atajos de teclado',
  sheetIntro:
    'Las teclas simples no actúan mientras escribes en un campo; las combinaciones con Ctrl, ⌘ o Alt funcionan en cualquier lugar.',
  groupEverywhere: 'En toda la aplicación',
  groupList: 'En la lista de conversaciones',
  groupChat: 'En un chat',
  or: 'o',
  shortcuts: {
    commandMenu: 'Abrir el menú de comandos',
    shortcutsSheet: 'Ver los atajos de teclado',
    escape:
      'Cerrar lo último que se abrió; si no hay nada abierto, salir del cuadro de texto y luego del chat',
    listNext: 'Ir a la conversación siguiente',
    listPrevious: 'Ir a la conversación anterior',
    listOpen: 'Abrir la conversación elegida',
    nextUnread: 'Ir a la siguiente conversación no leída',
    previousUnread: 'Ir a la conversación no leída anterior',
    chatSearch: 'Buscar en la conversación',
    send: 'Enviar el mensaje o la nota',
    newLine: 'Nueva línea en el texto',
    quickReplies: 'Buscar una respuesta rápida (al comienzo del texto)',
  },
} as const;
