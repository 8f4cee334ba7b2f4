/**
 * Texts of in-app notifications and the platform admins' shipments (01 §2, §3, §8; issue #41).
 * The error codes' texts are in errors.es.ts.
 */
export const notificationsEs = {
  /** 01 §2 Notification card: the action button's label by media type. */
  actionLabels: {
    video: 'Ver video', // spec: 01 §2
    article: 'Ver articulo', // spec: 01 §2
    image: 'Ver imagen', // spec: 01 §2
    tutorial: 'Ver tutorial', // spec: 01 §2
    document: 'Ver documento', // spec: 01 §2
    audio: 'Escuchar audio', // spec: 01 §2
    text: 'Ver notificación', // spec: 01 §2
  },
  audienceRequired: 'Elige al menos una empresa, un grupo o un usuario.',
  rolesNeedCompanies: 'Los roles se eligen junto con empresas o grupos.',
  redirectUrlInvalid: 'Ingresa una dirección https válida.',
  usersLimit: 'Puedes elegir hasta 20 usuarios.',
} as const;
