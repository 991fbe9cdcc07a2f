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
    sentAt: 'Sent at',
    error: 'Delivery error',
    email: 'Email',
    htmlBody: 'HTML version',
  },
  filters: {
    search: 'Recipient or subject',
  },
  kinds: {
    PASSWORD_RESET: 'Password reset',
    VERIFICATION_CODE: 'Get-started verification code',
    ADMIN_INVITATION: 'Administrator invitation',
    INSTALLMENT_DUE: 'Installment reminder',
    APPLICATION_STATUS: 'Application status',
    ACCOUNT_EXISTS: 'Get started with an address that has an account',
    // The product emails sent from their templates (issue 17).
    APPLICATION_SUBMITTED: 'Application submitted',
    APPLICATION_WAITING_TO_SIGN: 'Application approved: agreement to sign',
    APPLICATION_APPROVED: 'Application approved',
    APPLICATION_ENROLLED: 'Enrollment confirmed',
    APPLICATION_REJECTED: 'Application not accepted',
    APPLICATION_CANCELLED: 'Application cancelled',
    INSTALLMENT_REMINDER: 'Installment reminder (scheduled)',
    PAST_DUE_NOTICE: 'Past-due notice',
    PAYMENT_RECEIPT: 'Payment receipt',
    PAYMENT_FAILED: 'Payment failed',
    REFUND_ISSUED: 'Refund issued',
  },
  statuses: {
    PENDING: 'Sending',
    SENT: 'Sent',
    FAILED: 'Failed',
  },
  messages: {
    intro:
      'Every email the product sends is kept here, delivered or not. When no mail server is set up, nothing is delivered and this is the only place to read it. Emails hold password-reset links and verification codes: do not share them.',
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
    sentAt: 'Enviado el',
    error: 'Error de entrega',
    email: 'Correo',
    htmlBody: 'Versión HTML',
  },
  filters: {
    search: 'Destinatario o asunto',
  },
  kinds: {
    PASSWORD_RESET: 'Restablecer la contraseña',
    VERIFICATION_CODE: 'Código de verificación para empezar',
    ADMIN_INVITATION: 'Invitación de administrador',
    INSTALLMENT_DUE: 'Recordatorio de cuota',
    APPLICATION_STATUS: 'Estado de la solicitud',
    ACCOUNT_EXISTS: 'Registro con una dirección que ya tiene cuenta',
    APPLICATION_SUBMITTED: 'Solicitud enviada',
    APPLICATION_WAITING_TO_SIGN: 'Solicitud aprobada: acuerdo por firmar',
    APPLICATION_APPROVED: 'Solicitud aprobada',
    APPLICATION_ENROLLED: 'Inscripción confirmada',
    APPLICATION_REJECTED: 'Solicitud no aceptada',
    APPLICATION_CANCELLED: 'Solicitud cancelada',
    INSTALLMENT_REMINDER: 'Recordatorio de cuota (programado)',
    PAST_DUE_NOTICE: 'Aviso de cuota vencida',
    PAYMENT_RECEIPT: 'Recibo de pago',
    PAYMENT_FAILED: 'Pago fallido',
    REFUND_ISSUED: 'Reembolso emitido',
  },
  statuses: {
    PENDING: 'Enviando',
    SENT: 'Enviado',
    FAILED: 'Fallido',
  },
  messages: {
    intro:
      'Aquí se guarda cada correo que envía el producto, se entregue o no. Cuando no hay un servidor de correo configurado, no se entrega ninguno y este es el único lugar donde leerlos. Los correos contienen enlaces para restablecer contraseñas y códigos de verificación: no los comparta.',
    empty: 'Aún no se ha enviado ningún correo.',
    not_found: 'No se pudo cargar este correo.',
    html_title: 'La versión HTML del correo',
  },
};

export const outbox = { en, es };
