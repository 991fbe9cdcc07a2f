/** Texts of the outbox screen (`resources.outbox.*`): every email the product sent. */
const en = {
  name: 'Outbox |||| Outbox',
  fields: {
    id: 'ID',
    createdAt: 'Time',
    toAddress: 'Recipient',
    subject: 'Subject',
    status: 'Status',
    templateKey: 'Kind',
    sentAt: 'Delivered',
    error: 'Delivery error',
    body: 'Message',
    htmlBody: 'HTML version',
  },
  filters: {
    search: 'Recipient or subject',
  },
  statuses: {
    PENDING: 'Sending',
    SENT: 'Sent',
    FAILED: 'Failed',
  },
  messages: {
    intro: 'Every email the product sends is kept here. Without a mail server (SMTP_URL) this is the only place it goes. Messages hold password-reset links and verification codes: do not share them.',
    empty: 'No email has been sent yet.',
    not_found: 'This email could not be loaded.',
    html_title: 'The HTML version of the email',
  },
};

const es: typeof en = {
  name: 'Bandeja de salida |||| Bandeja de salida',
  fields: {
    id: 'ID',
    createdAt: 'Hora',
    toAddress: 'Destinatario',
    subject: 'Asunto',
    status: 'Estado',
    templateKey: 'Tipo',
    sentAt: 'Entregado',
    error: 'Error de entrega',
    body: 'Mensaje',
    htmlBody: 'Versión HTML',
  },
  filters: {
    search: 'Destinatario o asunto',
  },
  statuses: {
    PENDING: 'Enviando',
    SENT: 'Enviado',
    FAILED: 'Fallido',
  },
  messages: {
    intro: 'Aquí se guarda cada correo que envía el producto. Sin servidor de correo (SMTP_URL) es el único lugar al que llega. Los mensajes contienen enlaces para restablecer contraseñas y códigos de verificación: no los comparta.',
    empty: 'Aún no se ha enviado ningún correo.',
    not_found: 'No se pudo cargar este correo.',
    html_title: 'La versión HTML del correo',
  },
};

export const outbox = { en, es };
