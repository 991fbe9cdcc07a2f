/** Texts of /cmp-transactions (`resources.cmp-transactions.*`): purchases of coaches' products. */
const en = {
  name: 'Coach product purchase |||| Coach product purchases',
  fields: {
    id: 'ID',
    purchasedAt: 'Purchased',
    coach: 'Coach',
    customer: 'Customer',
    product: 'Product',
    type: 'Type',
    amount: 'Amount',
    status: 'Status',
    card: 'Card',
    failure: 'Reason',
  },
  filters: { title: 'Filters', search: 'Search by customer, email, product or ID', status: 'Status', coachProductType: 'Product type' },
};
const es: typeof en = {
  name: 'Compra de producto del coach |||| Compras de productos de coaches',
  fields: {
    id: 'ID',
    purchasedAt: 'Comprado',
    coach: 'Coach',
    customer: 'Cliente',
    product: 'Producto',
    type: 'Tipo',
    amount: 'Importe',
    status: 'Estado',
    card: 'Tarjeta',
    failure: 'Motivo',
  },
  filters: { title: 'Filtros', search: 'Buscar por cliente, correo, producto o ID', status: 'Estado', coachProductType: 'Tipo de producto' },
};
export const cmpTransactions = { en, es };
