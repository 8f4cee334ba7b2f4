/**
 * Texts of AI-drafted replies (issue #44 item 3): 'Sugerir respuesta' in the composer and the
 * company's monthly limit in 'Administración'. The specification names the flag ('Generación de
 * mensajes'), the path and the failure ('Error de conexión'); the rest is ours. Part of the one
 * Spanish catalogue: `es.ai` re-exports these.
 */
export const aiEs = {
  suggest: 'Sugerir respuesta',
  stop: 'Detener',
  writing: 'Redactando una respuesta…',
  draftHint: 'Es un borrador: revísalo y envíalo tú cuando esté listo.',
  failed: 'Error de conexión', // spec: 02 §8
  limit: {
    title: 'Respuestas sugeridas con IA',
    intro:
      'Cuántas respuestas puede pedir la empresa por mes con «Sugerir respuesta» (funcionalidad «Generación de mensajes»). 0 las desactiva.',
    monthlyLimit: 'Límite mensual',
    used: 'Usadas este mes: {used} de {limit}.',
    notConfigured:
      'Este servidor no tiene configurado un servicio de IA: el límite se guarda, pero no se sugieren respuestas hasta configurarlo.',
    save: 'Guardar límite',
    saved: 'Límite guardado',
    invalid: 'Escribe un número entero de 0 a {max}.',
  },
};
