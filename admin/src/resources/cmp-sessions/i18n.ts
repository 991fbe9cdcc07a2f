/** Texts of /cmp-sessions (`resources.cmp-sessions.*`): customers signed up for coaches' products and their sessions. */
const en = {
  name: 'Coach product sign-up |||| Coach product sessions',
  fields: {
    id: 'ID',
    createdAt: 'Signed up',
    coach: 'Coach',
    customer: 'Customer',
    product: 'Product',
    type: 'Type',
    sessions: 'Sessions held',
    lastSessionAt: 'Last session',
    status: 'Status',
    actions: 'Actions',
  },
  filters: { title: 'Filters', search: 'Search by customer, email, product or ID', status: 'Status', coachProductType: 'Product type' },
  actions: {
    session: 'Record a session',
    session_title: 'Record a session held for sign-up #%{id}?',
    session_content: 'Session %{number} of %{total} of %{product} with %{customer}.',
  },
  notifications: { session_recorded: 'Session recorded' },
};
const es: typeof en = {
  name: 'Inscripción a producto del coach |||| Sesiones de productos de coaches',
  fields: {
    id: 'ID',
    createdAt: 'Inscripción',
    coach: 'Coach',
    customer: 'Cliente',
    product: 'Producto',
    type: 'Tipo',
    sessions: 'Sesiones realizadas',
    lastSessionAt: 'Última sesión',
    status: 'Estado',
    actions: 'Acciones',
  },
  filters: { title: 'Filtros', search: 'Buscar por cliente, correo, producto o ID', status: 'Estado', coachProductType: 'Tipo de producto' },
  actions: {
    session: 'Registrar una sesión',
    session_title: '¿Registrar una sesión realizada de la inscripción n.º %{id}?',
    session_content: 'Sesión %{number} de %{total} de %{product} con %{customer}.',
  },
  notifications: { session_recorded: 'Sesión registrada' },
};
export const cmpSessions = { en, es };
