/**
 * The phone provider (issue #39; 01 §2 softphone, §4 incoming-call widget, §7 Phone; 03 §4
 * Phone call, §8 Phone): connecting Aircall in 'Mi Empresa', each user's Aircall user in
 * 'Ajustes' › 'Llamadas', the softphone, incoming calls, the call log and restricted numbers.
 */
export const phoneEs = {
  providerName: 'Aircall',
  sandboxName: 'Aircall de prueba',
  restricted: 'Número de teléfono restringido', // spec: 03 §8
  restrictedReason: 'Motivo: {reason}',
  contactNotFound: 'Contacto no encontrado', // spec: 01 §8
  createContact: 'Crear contacto',
  unknownUser: 'Ese usuario no existe en la cuenta de Aircall de tu empresa.',
  numberNotOfUser: 'Ese número no está asignado a tu usuario de Aircall.',
  countryCodeInvalid: 'Código de país inválido (solo dígitos, por ejemplo 598)',
  numberInvalid: 'Número de teléfono inválido',
  invalid: 'Valor inválido',
  // Call item (03 §4): progress while it lasts
  progress: {
    initial: 'Llamando…',
    ringing: 'Sonando…',
    answered: 'En curso',
    done: 'Finalizada',
  } as Record<string, string>,
  missed: 'Llamada perdida',
  incomingFrom: 'Llamada entrante de {phone}',
  outgoing: 'Llamada saliente',
  failedCall: 'No se pudo realizar la llamada.', // spec: 03 §8
  playRecording: 'Escuchar grabación',
  playVoicemail: 'Escuchar correo de voz',
  mediaFailed: 'No se pudo cargar el audio.',
  // Softphone (01 §2 user menu)
  softphone: {
    open: 'Abrir teléfono',
    close: 'Cerrar teléfono',
    title: 'Teléfono',
    frameTitle: 'Teléfono de Aircall',
    incoming: 'Llamada entrante',
    openContact: 'Abrir contacto',
    dismiss: 'Cerrar',
  },
  // 'Mi Empresa' › 'Teléfono'
  company: {
    title: 'Teléfono',
    intro:
      'Conecta la cuenta de Aircall de tu empresa para llamar desde Cartera y recibir las llamadas en la conversación de cada cliente.',
    apiId: 'API ID',
    apiToken: 'API token',
    connect: 'Conectar Aircall',
    reconnect: 'Cambiar credenciales',
    disconnect: 'Desconectar',
    disconnectQuestion:
      '¿Desconectar Aircall? Las llamadas dejarán de registrarse solas; las que ya están en las conversaciones quedan.',
    connected: 'Conectado: {name}',
    notConnected: 'Sin proveedor de llamadas conectado.',
    webhookUrl: 'URL de eventos',
    secretsHidden: 'Las credenciales se guardan cifradas y no se vuelven a mostrar.',
    connectedToast: 'Aircall conectado',
    disconnectedToast: 'Aircall desconectado',
    loadFailed: 'No se pudo cargar el proveedor de llamadas.',
  },
  // 'Mi Empresa' › 'Números restringidos'
  blocked: {
    title: 'Números restringidos',
    intro:
      'Con un número restringido no se puede chatear ni llamar; al intentarlo se muestra el motivo.',
    phone: 'Número',
    reason: 'Motivo',
    createdAt: 'Desde',
    add: 'Restringir número',
    remove: 'Quitar restricción',
    removeLabel: 'Quitar la restricción de {phone}',
    empty: 'No hay números restringidos.',
    added: 'Número restringido',
    removed: 'Restricción quitada',
    loadFailed: 'No se pudieron cargar los números restringidos.',
  },
  // 'Ajustes' › 'Llamadas'
  settings: {
    provider: 'Usuario de Aircall',
    providerHint: 'Las llamadas que hagas desde Cartera salen por tu usuario de Aircall.',
    none: 'Sin usuario',
    number: 'Número para llamar',
    countryCodes: 'Códigos de país',
    countryCodesHint:
      'Separados por comas (ej. 598, 54). Vacío: Aircall se usa para cualquier número.',
    save: 'Guardar',
    saved: 'Usuario de Aircall guardado',
    notConnected: 'Tu empresa no tiene Aircall conectado; las llamadas se registran a mano.',
    loadFailed: 'No se pudo cargar la cuenta de Aircall.',
  },
  // The web phone of 'Aircall de prueba' (the demo's softphone)
  sandbox: {
    title: 'Aircall de prueba',
    intro:
      'Un teléfono simulado: contesta o corta las llamadas que hagas desde Cartera, o simula una llamada entrante de un cliente.',
    from: 'Número del cliente',
    ring: 'Simular llamada entrante',
    inbound: 'Entrante',
    outbound: 'Saliente',
    status: { initial: 'Sonando', answered: 'En curso', done: 'Finalizada' },
    answer: 'Contestar',
    hangup: 'Cortar',
    voicemail: 'Dejar correo de voz',
    empty: 'Sin llamadas.',
  },
  // Call log
  log: {
    title: 'Registro de llamadas',
    incoming: 'Entrante',
    outgoing: 'Saliente',
    missed: 'Perdida',
    empty: 'Todavía no hay llamadas.',
    more: 'Ver más',
  },
} as const;
