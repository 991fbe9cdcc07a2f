/** Texts of the dashboard (`dashboard.*`). */
const en = {
  title: 'Dashboard',
  welcome: 'Welcome, %{name}',
  cards: {
    students: 'Students',
    new_students: 'New students',
    last_30_days: 'Created in the last 30 days',
    inactive_students: 'Inactive students',
    customers: 'Customers',
    prospects: 'Customers not yet students',
    prospects_hint: 'Accounts without an enrollment',
    admins_online: 'Administrators active now',
    admins_total: '%{smart_count} administrator in all |||| %{smart_count} administrators in all',
  },
  recent: {
    title: 'Recently viewed',
    empty: 'Records you open appear here.',
    record: 'Record',
  },
};

type Messages = typeof en;

const es: Messages = {
  title: 'Panel',
  welcome: 'Bienvenido, %{name}',
  cards: {
    students: 'Estudiantes',
    new_students: 'Estudiantes nuevos',
    last_30_days: 'Creados en los últimos 30 días',
    inactive_students: 'Estudiantes inactivos',
    customers: 'Clientes',
    prospects: 'Clientes que aún no son estudiantes',
    prospects_hint: 'Cuentas sin inscripción',
    admins_online: 'Administradores activos ahora',
    admins_total: '%{smart_count} administrador en total |||| %{smart_count} administradores en total',
  },
  recent: {
    title: 'Vistos recientemente',
    empty: 'Los registros que abra aparecerán aquí.',
    record: 'Registro',
  },
};

export const dashboard = { en, es };
