/**
 * Texts of personal e-mail (01 §7, §8; 03 §2.1, §5; issue #38). Texts quoted by the
 * specification are marked; the others are ours. Part of the one Spanish catalogue: `es.email`
 * re-exports these.
 */
export const emailEs = {
  /** The 'Ajustes' card. */
  title: 'Correo personal',
  intro:
    'Conecta tu casilla de correo: los correos con tus contactos aparecen en su conversación y puedes responderlos desde Cartera.',
  none: 'No tienes un correo conectado.',
  connect: 'Conectar correo',
  connectTitle: 'Conectar correo por IMAP y SMTP',
  connecting: 'Comprobando el usuario y la contraseña en tus servidores…',
  connected: 'Correo conectado',
  disconnect: 'Desconectar',
  disconnectConfirm:
    '¿Desconectar {address}? Los correos que ya están en las conversaciones se mantienen.',
  disconnected: 'Correo desconectado',
  address: 'Correo electrónico',
  addressInvalid: 'Correo electrónico inválido',
  username: 'Usuario',
  usernameHint: 'Si lo dejas vacío se usa el correo electrónico.',
  password: 'Contraseña',
  passwordHint:
    'Si tu correo usa verificación en dos pasos (Gmail, Outlook), crea una contraseña de aplicación y escríbela aquí.',
  servers: 'Servidores',
  incoming: 'Servidor de entrada (IMAP)',
  outgoing: 'Servidor de salida (SMTP)',
  host: 'Servidor',
  hostInvalid: 'Escribe solo el nombre del servidor, por ejemplo imap.tudominio.com.',
  port: 'Puerto',
  security: 'Seguridad',
  securityOptions: { tls: 'SSL/TLS', starttls: 'STARTTLS', none: 'Ninguna' },
  statusError: 'El servidor rechazó la contraseña guardada. Desconecta y vuelve a conectar.',
  /** Gmail and Outlook through Nylas's hosted authentication (issue #38 item 1). */
  oauth: {
    intro:
      'Para Gmail u Outlook, conéctalo con tu cuenta de Google o Microsoft: no necesitas una contraseña de aplicación. Para otro correo, usa «Conectar correo».',
    google: 'Conectar con Google',
    microsoft: 'Conectar con Microsoft',
    connecting: 'Conectando tu correo…',
    refused:
      'No se conectó tu correo: no se dio permiso en Google o Microsoft. Puedes volver a intentarlo cuando quieras.',
    account: 'Cuenta de Google o Microsoft',
    statusError:
      'Tu cuenta ya no autoriza a Cartera (venció o se revocó). Desconecta y vuelve a conectar con Google o Microsoft.',
  },
  signature: 'Firma',
  signatureHint: 'Se agrega al final de cada correo nuevo.',
  saveSignature: 'Guardar firma',
  signatureSaved: 'Firma guardada',
  /** Mails from addresses no contact has (issue #38 item 3). */
  unknown: {
    title: 'Correos de remitentes sin contacto',
    intro:
      'Estos correos llegaron de direcciones que ninguno de tus contactos tiene. Crea el contacto y sus correos pasan a su conversación.',
    none: 'No hay correos de remitentes sin contacto.',
    from: 'De',
    subject: 'Asunto',
    date: 'Fecha',
    createContact: 'Crear contacto',
    brought: 'Contacto creado: sus correos están en su conversación.',
  },
  /** 01 §8 (in English in the spec; the Spanish texts are ours). */
  loadFailed: 'No se pudo cargar el correo personal.',
  unlinkFailed: 'No se pudo desvincular el correo personal.',
  signatureFailed: 'No se pudo subir la firma al servidor.',
  disabled: 'El correo personal no está habilitado para tu empresa.',
  /** The timeline's e-mail item (03 §2.1 full e-mail viewer). */
  bubble: {
    label: 'Correo',
    noSubject: '(sin asunto)',
    from: 'De',
    to: 'Para',
    cc: 'CC',
    bcc: 'CCO',
    more: 'Ver más',
    less: 'Ver menos',
    attachments: 'Adjuntos',
    showImages: 'Mostrar imágenes',
    imagesBlocked: 'Las imágenes externas están bloqueadas para proteger tu privacidad.',
    notStored: 'Archivo demasiado grande: no se guardó',
    reply: 'Responder',
    retry: 'Volver a intentar.',
    /** 03 §2.1 the full viewer's thread. */
    thread: 'Ver hilo ({n})',
    threadOpen: 'Ver hilo',
    threadTitle: 'Hilo del correo',
    threadCount: '{n} correos en este hilo',
    threadFirst: 'Se muestran los primeros {shown} de {total} correos.',
    preview: 'Vista previa de {name}',
    /** Issue #38 item 3: a thread kept out of the CRM by its mailbox's owner. */
    keepOut: 'Sacar del CRM',
    keepOutTitle: '¿Sacar este hilo del CRM?',
    keepOutText:
      'Sus correos dejarán de verse en las conversaciones (siguen en tu casilla) y los nuevos correos de este hilo no se guardarán.',
    keptOut: 'El hilo quedó fuera del CRM.',
    private: 'Correo privado',
    privateHint: 'Quien tiene la casilla lo sacó del CRM.',
    /** 03 §4 e-mail delivery icons' names. */
    status: {
      pending: 'Pendiente de envío',
      sent: 'Enviado',
      received: 'Recibido',
      done: 'Respondido',
      error: 'No se pudo enviar',
    },
  },
  /** 03 §5 the composer in mode `email`. */
  composer: {
    tab: 'Correo',
    from: 'De',
    to: 'Para',
    cc: 'CC',
    bcc: 'CCO',
    showCopies: 'CC y CCO',
    subject: 'Asunto',
    body: 'Mensaje',
    addressesHint: 'Escribe una dirección y pulsa Enter, Tab o punto y coma.',
    /** 03 §5, the spec's text. */
    addressInvalid: 'El email "{value}" no es valido.',
    send: 'Enviar correo',
    sent: 'Correo en camino',
    noAccount: 'Conecta tu correo en Ajustes para escribir correos desde la conversación.',
    replyingTo: 'Respondiendo a "{subject}"',
    cancelReply: 'Cancelar respuesta',
    fontSize: 'Tamaño de letra',
    /** 03 §3 E-mail templates, picked in the e-mail composer. */
    templates: 'Plantillas de correo',
    templatesSearch: 'Buscar plantilla',
    noTemplates: 'No hay plantillas de correo que coincidan.',
    /** Ours: the composer's other texts. */
    cancel: 'Descartar correo',
    removeAddress: 'Quitar {address}',
    sendFailed: 'No se pudo enviar el correo',
    retryFailed: 'No se pudo volver a enviar el correo',
  },
  /** Ours: the rich-text editor of the composer and of the signature (its toolbar's names). */
  editor: {
    loading: 'Cargando el editor…',
    toolbar: 'Formato del texto',
    bold: 'Negrita',
    italic: 'Cursiva',
    underline: 'Subrayado',
    strike: 'Tachado',
    bulletList: 'Lista con viñetas',
    orderedList: 'Lista numerada',
    link: 'Insertar enlace',
    unlink: 'Quitar enlace',
    clearFormatting: 'Quitar formato',
    linkUrl: 'Dirección del enlace',
    linkPlaceholder: 'https://…',
    linkNewTab: 'Se abre en una pestaña nueva',
    linkSameTab: 'Se abre en la misma pestaña',
    linkSave: 'Guardar',
    /** The font size picker's choice of no size of its own. */
    defaultSize: 'Normal',
  },
} as const;
