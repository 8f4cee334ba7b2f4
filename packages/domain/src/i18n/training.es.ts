import type { Reaction } from '../training';

/**
 * Texts of the training area 'Aprender' (01 §2, 03 §2.3; issue #18). Quoted texts of the
 * specification are copied exactly; the rest is ours (docs/decisions.md "Training"). Part of the
 * one Spanish catalogue: `es.training`.
 */
export const trainingEs = {
  title: 'Aprender',
  tabs: {
    all: 'Todos',
    publications: 'Publicaciones',
    tutorials: 'Tutoriales',
    instances: 'Clases grabadas',
  },
  continueWatching: 'Continuar viendo',
  tutorials: 'Tutoriales',
  instances: 'Clases grabadas',
  allInstances: 'Todas las clases', // spec: 01 §2, 03 §2
  allTutorials: 'Todos los tutoriales', // spec: 01 §2, 03 §2
  seeMore: 'Ver más',
  publications: 'Publicaciones',
  olderPublications: 'PUBLICACIONES ANTERIORES',
  emptyWithCoach: 'Tu entrenador aún no ha compartido contenido.', // spec: 01 §2, 03 §2
  noCoach: 'Tu empresa no tiene un entrenador asignado', // spec: 01 §2, 03 §2
  noInstances: 'Sin clases subidas.', // spec: 01 §2, 03 §2
  noTutorials: 'Sin publicaciones.',
  noPublications: 'Sin publicaciones',
  createFirstPublication: 'Crea la primera publicación para tu equipo.',
  coach: 'Entrenador',
  scheduleMeeting: 'Agendar reunión',
  meetingNoLink: 'Tu entrenador aún no configuró un enlace de reunión.',
  openMeetingInTab: 'Abrir en una pestaña nueva',
  watch: 'Ver',
  watched: 'Visto hasta {position}',
  viewer: 'Reproductor',
  closeViewer: 'Cerrar',
  loadingMore: 'Cargando más…',
  listEnd: 'No hay más contenido',
  reactions: {
    like: 'Recomendar',
    love: 'Encantar',
    applaud: 'Aplaudir',
    strength: 'Fuerza',
    celebration: 'Celebración',
    checked: 'Checkeado', // spec: 03 §3
  } satisfies Record<Reaction, string>,
  react: 'Reaccionar',
  reactionCount: '{count} reacciones',
  reactionCountOne: '1 reacción',
  reactionError: 'No se pudo guardar tu reacción.',
  comments: {
    placeholder: 'Escribe un comentario…',
    replyPlaceholder: 'Escribe una respuesta…',
    send: 'Comentar',
    reply: 'Responder',
    more: 'Ver {count} comentarios más',
    moreReplies: 'Ver {count} respuestas más',
    hidden: 'Oculto',
    hide: 'Ocultar',
    show: 'Mostrar',
    delete: 'Eliminar',
    deleteTitle: 'Eliminar comentario',
    count: '{count} comentarios',
  },
  post: {
    createTitle: 'Crear publicación',
    editTitle: 'Modificar publicación',
    create: 'Crear publicación',
    edit: 'Modificar',
    delete: 'Eliminar',
    deleteTitle: 'Eliminar publicación',
    title: 'Título',
    content: 'Contenido',
    roles: 'Roles',
    groups: 'Grupos',
    users: 'Usuarios',
    anyRole: 'Todos los roles',
    anyGroup: 'Todos los grupos',
    anyUser: 'Todos los usuarios',
    groupsFailed: 'No se pudieron cargar los grupos.',
    everyone: 'La verá toda la empresa.',
    audienceRule: 'La verá quien cumpla con todo lo elegido.',
    media: 'Archivos',
    removeMedia: 'Quitar archivo',
    linkInvalid: 'Debe ser una dirección web',
    mediaUrlInvalid:
      'Cada archivo debe ser un enlace web (http o https) o un archivo subido a Cartera.',
    saved: 'Publicación guardada.',
  },
  item: {
    createInstance: 'Subir clase',
    createTutorial: 'Subir tutorial',
    createInstanceTitle: 'Subir clase grabada',
    createTutorialTitle: 'Subir tutorial',
    editTitle: 'Modificar',
    edit: 'Modificar',
    delete: 'Eliminar',
    deleteTitle: 'Eliminar publicación',
    title: 'Título',
    description: 'Descripción',
    date: 'Fecha',
    duration: 'Duración (segundos)',
    video: 'Video',
    videoFile: 'Subir un video',
    videoLink: 'O pegar el enlace del video',
    miniature: 'Miniatura (imagen)',
    uploading: 'Subiendo… {percent} %',
    videoRequired: 'Sube un video o pega su enlace.',
    save: 'Guardar',
  },
  coachSettings: {
    title: 'Entrenador de la empresa',
    coach: 'Entrenador',
    meetLink: 'Enlace de reunión',
    meetLinkHint: "Lo que se abre con 'Agendar reunión' (Google Meet, Calendly…).",
    meetLinkInvalid: 'El enlace debe empezar con http:// o https://.',
    save: 'Guardar',
    saved: 'Entrenador guardado.',
  },
  irreversible: 'Esta acción es irreversible y no se puede deshacer.', // spec: 02 §8, 03 §2
  roleLabels: {
    project_manager: 'Encargado de proyecto', // spec: 01 §6, 02 §3
  },
};
