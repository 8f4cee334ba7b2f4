import type { NextAction } from '../conversation';

/**
 * Texts of 'Mi Empresa' (01 §2 /company; issue #17): the company's frame and the configuration
 * editors of 03 §3 (archiving reasons, status tags, origins). Part of the one Spanish
 * catalogue: `es.company` re-exports these.
 */
export const companyEs = {
  title: 'Mi Empresa',
  intro: 'Configura lo que usan los vendedores de tu empresa en sus conversaciones y contactos.',
  tabs: { settings: 'Configuración', channels: 'Canales', users: 'Usuarios' },
  notForRole:
    'La configuración de la empresa está disponible para los perfiles Comercial/Backoffice y Gestor de proyecto.',
  notForRoleUsers: 'Los usuarios de la empresa se gestionan en la pestaña «Usuarios».',
  users: {
    title: 'Usuarios',
    intro:
      'Crea los usuarios de tu empresa con una contraseña inicial, edítalos, desactívalos o restablece su contraseña.',
    empty: 'Tu empresa todavía no tiene usuarios.',
  },
  // Shared by the three editors
  code: 'Código',
  codeHint: 'Letras, números, guiones y guiones bajos, sin espacios. No se puede cambiar después.',
  codeRequired: 'Ingresa un código.',
  codeInvalid: 'Usa solo letras, números, guiones y guiones bajos (hasta 60).',
  name: 'Nombre',
  nameRequired: 'Ingresa un nombre.',
  active: 'Activo',
  activeOf: 'Activo: {name}',
  inactive: 'Inactivo',
  actions: 'Acciones',
  edit: 'Editar {name}',
  save: 'Guardar',
  cancel: 'Cancelar',
  saved: 'Cambios guardados.',
  activated: '«{name}» está activo.',
  deactivated: '«{name}» ya no se ofrece.',
  filtersKept: 'Tiene filtros por usuario o grupo; se conservan al guardar.',
  reasons: {
    title: 'Motivos de archivo',
    create: 'Nuevo motivo',
    createTitle: 'Nuevo motivo de archivo',
    editTitle: 'Editar motivo de archivo',
    empty: 'Todavía no hay motivos de archivo.',
    group: 'Grupo',
    groupHint:
      'Agrupa los motivos en el selector de «Archivar» (por ejemplo: perdido, seguimiento).',
    sale: 'Es una venta',
    saleHint: 'Antes de archivar se piden los campos requeridos en la venta.',
    saleBadge: 'Venta',
    nextAction: 'Acción siguiente',
    nextActions: {
      noAction: 'Ninguna',
      persistentReminder: 'Recordatorio permanente',
      standardReminder: 'Recordatorio',
      transfer: 'Transferir',
      changeStatusTag: 'Cambiar etiqueta',
    } satisfies Record<NextAction, string>,
    roles: 'Limitado a roles',
    rolesHint: 'Vacío: todos los roles lo pueden usar.',
    allRoles: 'Todos',
  },
  tags: {
    title: 'Etiquetas de estado',
    create: 'Nueva etiqueta',
    createTitle: 'Nueva etiqueta',
    editTitle: 'Editar etiqueta',
    empty: 'Todavía no hay etiquetas.',
    color: 'Color',
    colorRequired: 'Elige un color.',
  },
  origins: {
    title: 'Orígenes',
    create: 'Nuevo origen',
    createTitle: 'Nuevo origen',
    editTitle: 'Editar origen',
    empty: 'Todavía no hay orígenes.',
  },
} as const;
