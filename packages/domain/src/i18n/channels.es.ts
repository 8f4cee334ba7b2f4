/**
 * Messaging channels (01 §1, §2 /company/channels; issue #12): the channels' screens and the
 * 'Canal de prueba' page. Part of the one Spanish catalogue: `es.channels` re-exports these.
 */
export const channelsEs = {
  templates: {
    status: { approved: 'Aprobada', preapproved: 'Pre-aprobada', rejected: 'Rechazada' },
    invalidName: 'Solo letras minúsculas, números y guiones bajos',
    notSupported: 'Este canal no tiene plantillas',
  },
  /** A lead-ads form filled in, as its timeline item reads. */
  leads: {
    summaryTitle: 'Formulario de Facebook completado',
    fields: {
      full_name: 'Nombre completo',
      first_name: 'Nombre',
      last_name: 'Apellido',
      phone_number: 'Teléfono',
      email: 'Correo electrónico',
      city: 'Ciudad',
      company_name: 'Empresa',
      job_title: 'Cargo',
    } as Record<string, string>,
  },
  /** A seller's personal WhatsApp (/settings/new-whatsapp). */
  personalWhatsapp: {
    channelName: 'WhatsApp de {name}',
  },
  sandbox: {
    channelName: 'Canal de prueba',
    pageTitle: 'Canal de prueba: escribir como cliente',
    intro:
      'Esta página hace de teléfono de un cliente. Lo que escribas llega al canal «{channel}» de Cartera como un mensaje de WhatsApp, y las respuestas del equipo aparecen aquí.',
    phone: 'Tu número (con código de país)',
    name: 'Tu nombre',
    message: 'Mensaje',
    send: 'Enviar',
    sending: 'Enviando…',
    empty: 'Todavía no hay mensajes con este número.',
    you: 'Tú',
    company: 'Empresa',
    notFound: 'Este canal de prueba no existe o fue eliminado.',
    invalidPhone: 'Escribe un número válido, con código de país (por ejemplo +598 99 123 456).',
    failed: 'No se pudo enviar el mensaje. Inténtalo de nuevo.',
  },
} as const;
