/** Texts of the administrators screen (`resources.admins.*`). */
const en = {
  name: 'Administrator |||| Administrators',
  fields: {
    id: 'ID',
    fullName: 'Name',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    roles: 'Roles',
    status: 'Session',
    active: 'Active',
    password: 'Initial password',
    lastLoginAt: 'Last sign-in',
    lastActivityAt: 'Last activity',
    createdAt: 'Created',
    updatedAt: 'Updated',
  },
  filters: {
    search: 'Search name or email',
    roles: 'Roles',
  },
  helpers: {
    email: 'The address they sign in with.',
    password: 'Leave empty to email them an invitation with a link to choose their own password (the link works once, within a few days).',
    roles: 'What they may see and do is the sum of their roles’ permissions.',
    active: 'An inactive administrator cannot sign in.',
  },
  titles: {
    create: 'New administrator',
  },
  actions: {
    create: 'Add administrator',
    logout: 'Log out',
    logout_title: 'Log out %{name}?',
    logout_content: 'Every session of %{name} ends at once; they will have to sign in again.',
    delete_title: 'Delete %{name}?',
    delete_content: '%{name} will no longer be able to sign in. Their history is kept.',
  },
  notifications: {
    created: 'Administrator created',
    invited: 'Administrator created; an invitation was emailed to %{email}',
    updated: 'Administrator saved',
    deleted: 'Administrator deleted',
    logged_out: '%{name} was logged out',
    activated: '%{name} can sign in again',
    deactivated: '%{name} can no longer sign in',
  },
  you: 'you',
  empty: 'No administrators match.',
};

type Messages = typeof en;

const es: Messages = {
  name: 'Administrador |||| Administradores',
  fields: {
    id: 'ID',
    fullName: 'Nombre',
    firstName: 'Nombre',
    lastName: 'Apellido',
    email: 'Correo electrónico',
    roles: 'Roles',
    status: 'Sesión',
    active: 'Activo',
    password: 'Contraseña inicial',
    lastLoginAt: 'Último inicio de sesión',
    lastActivityAt: 'Última actividad',
    createdAt: 'Creado',
    updatedAt: 'Actualizado',
  },
  filters: {
    search: 'Buscar nombre o correo',
    roles: 'Roles',
  },
  helpers: {
    email: 'La dirección con la que inicia sesión.',
    password: 'Déjela vacía para enviarle una invitación por correo con un enlace para elegir su propia contraseña (el enlace funciona una vez, durante unos días).',
    roles: 'Lo que puede ver y hacer es la suma de los permisos de sus roles.',
    active: 'Un administrador inactivo no puede iniciar sesión.',
  },
  titles: {
    create: 'Nuevo administrador',
  },
  actions: {
    create: 'Agregar administrador',
    logout: 'Cerrar sesión',
    logout_title: '¿Cerrar la sesión de %{name}?',
    logout_content: 'Todas las sesiones de %{name} terminan de inmediato; tendrá que iniciar sesión de nuevo.',
    delete_title: '¿Eliminar a %{name}?',
    delete_content: '%{name} ya no podrá iniciar sesión. Su historial se conserva.',
  },
  notifications: {
    created: 'Administrador creado',
    invited: 'Administrador creado; se envió una invitación a %{email}',
    updated: 'Administrador guardado',
    deleted: 'Administrador eliminado',
    logged_out: 'Se cerró la sesión de %{name}',
    activated: '%{name} puede volver a iniciar sesión',
    deactivated: '%{name} ya no puede iniciar sesión',
  },
  you: 'usted',
  empty: 'Ningún administrador coincide.',
};

export const admins = { en, es };
