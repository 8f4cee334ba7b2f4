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
    contacts: 'Creados para el vendedor o transferidos a él',
    contactsTaken: "Tomados desde 'Inbox'",
    tracing: 'Notas, llamadas, visitas y mensajes enviados',
    singleTracing: 'Contactos distintos con seguimiento, por día',
    sale: 'Contactos archivados con un motivo de venta',
    firstResponse: 'Promedio hasta la primera respuesta a un cliente',
    stateNow: 'Ahora',
  },
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
    company: 'Toda la empresa',
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
    progress: 'Progreso de objetivos',
    none: 'Sin objetivos para este período.',
    disabled: 'Los objetivos están desactivados para tu empresa.',
    ofTarget: '{value} de {target}',
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
  },
  empty: 'Todavía no hay actividad en este período.',
  duration: {
    seconds: '{n} s',
    minutes: '{n} min',
    hours: '{n} h',
    none: '—',
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
