/**
 * Texts of 'Carteras compartidas' (01 §2 /contact/sharedinbox, issue #6 §10): an agent's
 * portfolio shared with chosen users of the company. Part of the one Spanish catalogue:
 * `es.sharedInboxes` re-exports these.
 */
export const sharedInboxesEs = {
  title: 'Carteras compartidas',
  picker: 'Cartera',
  pickerOption: '{name} · {owner}',
  contactsCount: '{n} contactos',
  none: 'No tienes carteras compartidas.',
  noneHint: 'Cuando alguien comparta su cartera contigo, sus contactos aparecerán aquí.',
  empty: 'Esta cartera todavía no tiene contactos.',
  // Management (admin and comercial)
  mine: 'Mis carteras',
  manage: 'Gestionar',
  manageTitle: 'Carteras compartidas de la empresa',
  manageEmpty: 'Todavía no hay carteras compartidas.',
  create: 'Nueva cartera compartida',
  createTitle: 'Nueva cartera compartida',
  editTitle: 'Editar cartera compartida',
  edit: 'Editar {name}',
  remove: 'Eliminar {name}',
  removeTitle: 'Eliminar cartera compartida',
  removeMessage:
    'Se dejará de compartir la cartera "{name}". Los contactos siguen siendo de su dueño.',
  removeConfirm: 'Eliminar',
  removed: 'Cartera compartida eliminada',
  saved: 'Cartera compartida guardada',
  save: 'Guardar',
  cancel: 'Cancelar',
  name: 'Nombre',
  owner: 'Dueño de la cartera',
  ownerHint: 'Se comparten todos los contactos de este usuario.',
  members: 'Compartida con',
  membersHint: 'Estos usuarios podrán ver y atender sus contactos.',
  columnName: 'Nombre',
  columnOwner: 'Dueño',
  columnMembers: 'Compartida con',
  columnActions: 'Acciones',
  searchUsers: 'Buscar usuario',
  noUsers: 'Sin usuarios',
  // Field errors
  nameRequired: 'El nombre es obligatorio',
  ownerRequired: 'Elige el dueño de la cartera',
  ownerInvalid: 'El dueño debe ser un usuario activo de la empresa',
  membersRequired: 'Elige al menos un usuario',
  membersInvalid: 'Todos deben ser usuarios activos de la empresa',
  ownerAmongMembers: 'El dueño no puede estar entre los usuarios con quienes se comparte',
} as const;
