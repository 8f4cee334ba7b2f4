/*
 * The catalogue's first part (es.ts composes the rest): the texts of the app's frame and of the
 * login page. The first bundle, which the login page downloads, imports these and errors.es.ts
 * only, never es.ts (issue #35 item 2: the login page's transfer).
 */

/** The app's frame: its name, pages that are not found or not allowed, loading and offline. */
export const appEs = {
  name: 'Cartera',
  notFoundTitle: 'Página no encontrada',
  notFoundBody: 'La dirección que buscas no existe o fue movida.',
  backHome: 'Volver al inicio',
  /** A screen the user's profile may not open (issue #35 item 5). */
  forbiddenTitle: 'Esta pantalla no es para tu perfil',
  forbiddenBody:
    'Tu usuario no tiene acceso a esta dirección. Si crees que deberías verla, pídele acceso al administrador de tu empresa.',
  forbiddenBack: 'Ir a mi pantalla de inicio',
  loading: 'Cargando…',
  retry: 'Volver a intentar', // spec: 03 §4
  close: 'Cerrar',
  /** The editor kit's default actions (ui/entity-dialog, ui/data-table). */
  cancel: 'Cancelar',
  save: 'Guardar',
  actions: 'Acciones',
  serverStatus: 'Estado del servidor',
  connected: 'Conectado',
  database: 'Base de datos',
  version: 'Versión',
  realtime: 'Tiempo real',
  realtimeConnected: 'Conectado',
  realtimeConnecting: 'Conectando…',
  serverTime: 'Hora del servidor',
  databasePglite: 'Embebida (PGlite)',
  databasePostgres: 'PostgreSQL',
  /** Offline (issue #33 item 7): the shell's banner and a screen whose code could not load. */
  offline: 'Sin conexión — reintentando…',
  screenOffline: 'Sin conexión: esta pantalla se abrirá sola cuando vuelva la conexión.',
  screenRetry: 'Reintentar',
};

/** Signing in and out. */
export const authEs = {
  loginTitle: 'Iniciar sesión',
  email: 'Correo electrónico',
  password: 'Contraseña',
  submit: 'Ingresar',
  emailRequired: 'Ingresa tu correo electrónico',
  emailInvalid: 'Ingresa un correo electrónico válido',
  passwordRequired: 'Ingresa tu contraseña',
  logout: 'Cerrar sesión',
  /** Issue #30 S6: a sign-in link opened while signed in is not used. */
  linkWhileSignedIn:
    'Abriste un enlace de acceso de otra sesión, pero ya iniciaste sesión como {name}. El enlace no se usó: para usarlo, cierra tu sesión primero.',
  linkSignOut: 'Cerrar sesión y usar el enlace',
};
