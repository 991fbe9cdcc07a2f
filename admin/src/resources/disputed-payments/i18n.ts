/** Texts of the disputed payments screen (`resources.disputed-payments.*`). */
const en = {
  name: 'Disputed payment |||| Disputed payments',
  fields: {
    id: 'ID',
    student: 'Student',
    email: 'Email',
    payment: 'Payment',
    amount: 'Amount',
    reason: 'Reason',
    createdAt: 'Opened',
    gatewayDisputeId: 'Gateway dispute',
    status: 'Status',
    verifiedAt: 'Verified',
    actions: 'Actions',
  },
  filters: {
    title: 'Filters',
    email: 'Email',
    statuses: 'Status',
  },
  verify: {
    action: 'Verify',
    title: 'Verify dispute #%{id}',
    details: 'Dispute',
    content: 'Won: the payment of %{amount} stands. Lost: it is reversed and the installments it paid are owed again.',
    comment: 'Comment',
    WON: 'Won',
    LOST: 'Lost',
  },
  notifications: {
    WON: 'Dispute marked as won',
    LOST: 'Dispute marked as lost; the payment was reversed',
  },
};

const es: typeof en = {
  name: 'Pago disputado |||| Pagos disputados',
  fields: {
    id: 'ID',
    student: 'Estudiante',
    email: 'Correo',
    payment: 'Pago',
    amount: 'Importe',
    reason: 'Motivo',
    createdAt: 'Abierta',
    gatewayDisputeId: 'Disputa en la pasarela',
    status: 'Estado',
    verifiedAt: 'Verificada',
    actions: 'Acciones',
  },
  filters: {
    title: 'Filtros',
    email: 'Correo',
    statuses: 'Estado',
  },
  verify: {
    action: 'Verificar',
    title: 'Verificar la disputa #%{id}',
    details: 'Disputa',
    content: 'Ganada: el pago de %{amount} se mantiene. Perdida: se revierte y las cuotas que pagó vuelven a deberse.',
    comment: 'Comentario',
    WON: 'Ganada',
    LOST: 'Perdida',
  },
  notifications: {
    WON: 'Disputa marcada como ganada',
    LOST: 'Disputa marcada como perdida; el pago se revirtió',
  },
};

export const disputedPayments = { en, es };
