/**
 * Texts of 'Mi Empresa' › 'Seguridad e integraciones' (issue #17): the company's password policy
 * (security rules) and its external contact system. Part of the one Spanish catalogue:
 * `es.security` re-exports these.
 */
export const securityEs = {
  tab: 'Seguridad e integraciones',
  title: 'Seguridad e integraciones',
  intro:
    'Las reglas de contraseña de tu empresa y la conexión con tu sistema externo de contactos.',
  notForRole:
    'La seguridad y las integraciones de la empresa están disponibles para los perfiles Comercial/Backoffice y Administrador.',
  save: 'Guardar',
  cancel: 'Cancelar',
  saved: 'Cambios guardados.',
  rules: {
    title: 'Reglas de contraseña',
    intro:
      'Se suman a las reglas de Cartera (al menos {min} caracteres, una mayúscula, una minúscula y un número): solo pueden hacerlas más estrictas.',
    minLength: 'Largo mínimo',
    minLengthHint: 'Entre {min} y {max} caracteres.',
    minLengthInvalid: 'El largo mínimo debe ser un número entero entre {min} y {max}.',
    maxAge: 'Vencimiento (días)',
    maxAgeHint:
      'Pasados estos días desde el último cambio, se pide una contraseña nueva al iniciar sesión. 0: no vence.',
    maxAgeInvalid: 'El vencimiento debe ser un número entero de días entre 0 y {max}.',
    summaryLength: 'Las contraseñas deben tener al menos {n} caracteres.',
    summaryNoExpiry: 'Las contraseñas no vencen.',
    summaryExpiry: 'Las contraseñas vencen a los {n} días.',
    enforcement:
      'Quien inicie sesión con una contraseña más corta que el mínimo o vencida deberá cambiarla antes de continuar.',
  },
  external: {
    title: 'Sistema externo de contactos',
    intro:
      'Cartera valida cada contacto con tu sistema antes de guardarlo y luego lo crea o actualiza allí.',
    none: 'No hay un sistema externo conectado.',
    connect: 'Conectar sistema',
    edit: 'Editar',
    remove: 'Desconectar',
    removeTitle: 'Desconectar el sistema externo',
    removeConfirm:
      'Los contactos dejarán de validarse y enviarse a «{name}». La dirección y el token se borran.',
    removed: 'El sistema externo fue desconectado.',
    dialogTitle: 'Sistema externo de contactos',
    name: 'Nombre',
    nameHint: 'Cómo lo ven los vendedores en la ficha del contacto.',
    nameRequired: 'Ingresa un nombre.',
    nameTooLong: 'El nombre puede tener hasta 80 caracteres.',
    validateUrl: 'Dirección de validación',
    validateUrlHint: 'Recibe los datos del contacto (POST) y responde si son válidos.',
    createUrl: 'Dirección de alta',
    createUrlHint: 'Recibe cada contacto nuevo (POST).',
    updateUrl: 'Dirección de modificación',
    updateUrlHint: 'Recibe cada contacto modificado (PATCH con ?id=).',
    urlRequired: 'Ingresa la dirección.',
    urlInvalid: 'La dirección debe empezar con http:// o https://.',
    urlTooLong: 'La dirección puede tener hasta 2000 caracteres.',
    token: 'Token',
    tokenHint: 'Se envía en cada llamada como «Authorization: Bearer». Se guarda cifrado.',
    tokenRequired: 'Ingresa el token.',
    tokenTooLong: 'El token puede tener hasta 2000 caracteres.',
    tokenSet: 'Configurado (oculto)',
    tokenKeep: 'Se mantiene el token guardado.',
    tokenChange: 'Cambiar',
    tokenKeepAction: 'Mantener el actual',
    test: 'Probar conexión',
    /** The first name of the made-up contact 'Probar conexión' sends (never saved). */
    testContactName: 'Prueba de conexión',
    testing: 'Probando la conexión…',
    outcomes: {
      ok: 'Conexión correcta: «{name}» respondió a la validación en {ms} ms.',
      unauthorized: 'El sistema rechazó el token (estado {status}). Revisa el token.',
      httpError: 'El sistema respondió con un error (estado {status}).',
      unexpectedAnswer:
        'El sistema respondió, pero no con el formato esperado (isValid, errorMessage, operationType).',
      unreachable: 'No se pudo conectar con el sistema: no respondió o la dirección no existe.',
      notAllowed:
        'La dirección no está permitida: debe ser una dirección pública http o https (no locales ni privadas).',
    },
  },
} as const;
