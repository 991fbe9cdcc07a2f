/** Texts of the domain events screen (`resources.domain-events.*`): what each change made happen elsewhere. */
const en = {
  name: 'Domain event |||| Domain events',
  fields: {
    id: 'ID',
    createdAt: 'Raised',
    type: 'Event',
    handler: 'What it makes happen',
    status: 'Status',
    attempts: 'Attempts',
    nextAttemptAt: 'Next attempt',
    lastError: 'Last error',
    actions: 'Actions',
  },
  filters: {
    status: 'Status',
    type: 'Event',
  },
  retry: {
    action: 'Send again',
    done: 'Sent again: done.',
    pending: 'Sent again: it failed again and waits for its next attempt.',
  },
  messages: {
    intro:
      'Each change in one area (an application enrolled, a plan issued) makes things happen in others: the payment plan, the deposit charge, the CRM notification. Each is delivered and retried on its own; those that failed every attempt are listed here with their error, and can be sent again.',
  },
};

const es: typeof en = {
  name: 'Evento del dominio |||| Eventos del dominio',
  fields: {
    id: 'ID',
    createdAt: 'Generado',
    type: 'Evento',
    handler: 'Lo que provoca',
    status: 'Estado',
    attempts: 'Intentos',
    nextAttemptAt: 'Próximo intento',
    lastError: 'Último error',
    actions: 'Acciones',
  },
  filters: {
    status: 'Estado',
    type: 'Evento',
  },
  retry: {
    action: 'Volver a enviar',
    done: 'Enviado de nuevo: hecho.',
    pending: 'Enviado de nuevo: volvió a fallar y espera su próximo intento.',
  },
  messages: {
    intro:
      'Cada cambio en un área (una solicitud inscrita, un plan emitido) provoca acciones en otras: el plan de pago, el cobro del depósito, el aviso al CRM. Cada una se entrega y se reintenta por separado; las que fallaron en todos sus intentos aparecen aquí con su error y se pueden volver a enviar.',
  },
};

export const domainEvents = { en, es };
