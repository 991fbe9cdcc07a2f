/** Texts of /extra-product-purchases (`resources.extra-product-purchases.*`). */
const en = {
  name: 'Extra product purchase |||| Extra product purchases',
  fields: {
    id: 'ID',
    purchasedAt: 'Purchased',
    student: 'Student',
    program: 'Program',
    product: 'Product',
    type: 'Type',
    quantity: 'Quantity',
    amount: 'Subtotal',
    taxAmount: 'Tax',
    total: 'Total',
    refundedAmount: 'Refunded',
    status: 'Status',
    card: 'Card',
    actions: 'Actions',
  },
  filters: {
    title: 'Filters',
    search: 'Search by student, email, product or ID',
    students: 'Student',
    statuses: 'Status',
    types: 'Type',
    purchasedAt: 'Purchased',
    purchasedAtFrom: 'Purchased from',
    purchasedAtTo: 'Purchased until',
  },
  actions: {
    refund: 'Refund',
    refund_title: 'Refund purchase #%{id}?',
    refund_content: 'A refund of %{amount} goes to the refund queue, where it is approved and sent back to the card.',
  },
  notifications: {
    refund_requested: 'Refund requested: it waits in the refund queue',
  },
};

const es: typeof en = {
  name: 'Compra de producto adicional |||| Compras de productos adicionales',
  fields: {
    id: 'ID',
    purchasedAt: 'Comprado',
    student: 'Estudiante',
    program: 'Programa',
    product: 'Producto',
    type: 'Tipo',
    quantity: 'Cantidad',
    amount: 'Subtotal',
    taxAmount: 'Impuesto',
    total: 'Total',
    refundedAmount: 'Reembolsado',
    status: 'Estado',
    card: 'Tarjeta',
    actions: 'Acciones',
  },
  filters: {
    title: 'Filtros',
    search: 'Buscar por estudiante, correo, producto o ID',
    students: 'Estudiante',
    statuses: 'Estado',
    types: 'Tipo',
    purchasedAt: 'Comprado',
    purchasedAtFrom: 'Comprado desde',
    purchasedAtTo: 'Comprado hasta',
  },
  actions: {
    refund: 'Reembolsar',
    refund_title: '¿Reembolsar la compra n.º %{id}?',
    refund_content: 'Un reembolso de %{amount} pasa a la cola de reembolsos, donde se aprueba y se devuelve a la tarjeta.',
  },
  notifications: {
    refund_requested: 'Reembolso solicitado: espera en la cola de reembolsos',
  },
};

export const extraProductPurchases = { en, es };
