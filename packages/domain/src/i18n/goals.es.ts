/**
 * Texts of the 'Rendimiento' dashboard and of goals (01 §2 '/', /comercial/goals; issue #16).
 * The specification gives the menu labels only; the rest is ours (docs/decisions.md
 * "Performance metrics and goals"). Part of the one Spanish catalogue: `es.goals`.
 */
export const goalsEs = {
  metrics: {
    contacts: 'Contactos nuevos',
    contactsTaken: 'Contactos obtenidos',
    tracing: 'Seguimientos',
    singleTracing: 'Contactos seguidos',
    sale: 'Ventas',
    messagesIn: 'Mensajes recibidos',
    messagesOut: 'Mensajes enviados',
    firstResponse: 'Primera respuesta',
    archivings: 'Archivados',
    unattended: 'Sin atender (+24 h)',
    remindersDue: 'Recordatorios hoy',
    remindersOverdue: 'Recordatorios vencidos',
  },
  hints: {
    stateNow: 'Ahora',
  },
  /**
   * What each figure counts, shown on hover, focus or tap (issue #35 item 1): the definitions of
   * docs/decisions.md "Performance metrics and goals", as packages/domain/src/metrics.ts and the
   * dashboard's queries count them.
   */
  definitions: {
    contacts:
      'Contactos que pasaron a ser del vendedor sin que los pidiera: creados para él (por él mismo o por el reparto de un canal) o transferidos a él. Los tomados desde «Inbox» no suman aquí.',
    contactsTaken:
      'Contactos sin asignar que el vendedor tomó desde «Inbox». No suman en «Contactos nuevos».',
    tracing:
      'Acciones de seguimiento del vendedor en los historiales: notas, llamadas, visitas, reuniones, correos y mensajes enviados. Cada acción suma una.',
    singleTracing:
      'Contactos distintos con al menos un seguimiento del vendedor, contados por día: un contacto seguido tres días de la semana suma tres.',
    sale: 'Ventas (no preventas) con fecha de venta en el período, del vendedor de cada comprobante. Una venta anulada o pasada a otro vendedor deja de contarse.',
    messagesIn: 'Mensajes de chat escritos por clientes a los contactos del vendedor.',
    messagesOut: 'Mensajes de chat enviados a clientes por el vendedor.',
    firstResponse:
      'Tiempo promedio entre el mensaje de un cliente que espera respuesta y el primer mensaje que le contesta el vendedor. Una nota no es respuesta.',
    archivings: 'Contactos del vendedor archivados en el período, por motivo de archivo.',
    unattended:
      'Conversaciones abiertas del vendedor cuyo cliente espera respuesta hace más de 24 horas. Es el estado de ahora: no depende del período.',
    remindersDue:
      'Recordatorios pendientes de los contactos del vendedor para lo que queda de hoy. Es el estado de ahora.',
    remindersOverdue:
      'Recordatorios pendientes de los contactos del vendedor cuya fecha ya pasó. Es el estado de ahora.',
  },
  /** The accessible name of a figure's definition button. */
  definitionOf: 'Qué cuenta «{metric}»',
  /** The accessible name of a figure that opens the records behind it. */
  openRecords: 'Ver {metric}: {value}',
  period: {
    label: 'Período',
    thisWeek: 'Esta semana',
    lastWeek: 'Semana pasada',
    thisMonth: 'Este mes',
    custom: 'Personalizado',
    customPlaceholder: 'Elige las fechas',
    range: '{from} – {to}',
  },
  scope: {
    company: 'Toda la empresa', // spec: 02 §2
    group: 'Grupo',
    seller: 'Vendedor',
  },
  change: {
    up: '+{n}% vs. anterior',
    down: '−{n}% vs. anterior',
    same: 'Sin cambios',
    fromZero: 'Sin datos previos',
  },
  charts: {
    series: 'Actividad por día',
    breakdown: 'Archivados por motivo',
    noArchivings: 'Sin archivados en el período.',
  },
  goals: {
    title: 'Objetivo',
    behindOne: '1 vendedor va atrasado con su objetivo: {names}.',
    behindMany: '{n} vendedores van atrasados con su objetivo: {names}.',
    progress: 'Progreso de objetivos',
    none: 'Sin objetivos para este período.',
    disabled: 'Los objetivos están desactivados para tu empresa.',
    ofTarget: '{value} de {target}',
    /** A team's goal on its KPI card: the sum of its sellers' goals (issue #35). */
    teamOfTarget: 'Objetivo del equipo: {value} de {target}',
    status: {
      behind: 'Atrasado',
      onTrack: 'En objetivo',
      ahead: 'Superado',
    },
  },
  ranking: {
    title: 'Ranking por vendedor',
    seller: 'Vendedor',
    group: 'Grupo',
    empty: 'No hay vendedores para mostrar.',
    sortBy: 'Ordenar por {metric}',
    export: 'Exportar a Excel',
    openInbox: 'Conversaciones de {name}',
  },
  empty: 'Todavía no hay actividad en este período.',
  duration: {
    seconds: '{n} s',
    minutes: '{n} min',
    hours: '{n} h',
    none: '—',
  },
  spreadsheet: {
    sheet: 'Objetivos',
    week: 'Semana',
    sellerId: 'ID del vendedor',
    seller: 'Vendedor',
    group: 'Grupo',
    download: 'Descargar plantilla',
    weeks: 'Semanas',
    upload: 'Subir planilla',
    uploading: 'Subiendo planilla…',
    stored: '{n} objetivos guardados.',
    rejectedTitle:
      'No se guardó ningún objetivo: corrige estas filas y vuelve a subir la planilla.',
    row: 'Fila {row}',
    errors: {
      week: 'La semana debe ser la fecha de un lunes (AAAA-MM-DD).',
      seller: 'El vendedor no existe o no está entre los que puedes ver.',
      target: '«{metric}» debe ser un número entero entre 0 y 1.000.000.',
      repeated: 'Fila repetida: ese vendedor ya tiene otra fila para esa semana.',
    },
  },
  config: {
    metricRepeated: 'Métrica repetida',
    open: 'Métricas de objetivos',
    title: 'Métricas de objetivos de la empresa',
    intro:
      'Elige con qué métricas se fijan los objetivos semanales. Una métrica oculta se sigue contando, pero no se muestra en la lista.',
    startDate: 'Vigente desde',
    metric: 'Métrica',
    used: 'Usar',
    hidden: 'Oculta',
    history: 'Historial',
    historyEmpty: 'Sin cambios: rigen las métricas por defecto.',
    since: 'Desde el {date}',
    hiddenTag: '(oculta)',
    current: 'Vigente',
    atLeastOne: 'Elige al menos una métrica.',
    save: 'Guardar métricas',
    cancel: 'Cancelar',
    saved: 'Métricas de objetivos guardadas',
  },
  list: {
    title: 'Objetivos',
    week: 'Semana del {date}',
    previousWeek: 'Semana anterior',
    nextWeek: 'Semana siguiente',
    done: 'Hecho: {n}',
    search: 'Buscar vendedor',
    save: 'Guardar',
    saved: 'Objetivo guardado',
    empty: 'No hay vendedores para mostrar.',
  },
} as const;
