/** Texts of the certifications screen (`resources.certifications.*`); the shared ones are under `academics.*`. */
const en = {
  name: 'Certification |||| Certifications',
  fields: {
    id: 'ID',
    student: 'Student',
    program: 'Program',
    name: 'Certificate',
    types: 'Type',
    status: 'Status',
    issuedAt: 'Issued',
    provider: 'Issued by',
  },
  actions: {
    download: 'Download',
    open: 'Open credential',
  },
  failed_hint: 'Issuing failed after %{smart_count} attempt: %{error} |||| Issuing failed after %{smart_count} attempts: %{error}',
};

const es: typeof en = {
  name: 'Certificación |||| Certificaciones',
  fields: {
    id: 'ID',
    student: 'Estudiante',
    program: 'Programa',
    name: 'Certificado',
    types: 'Tipo',
    status: 'Estado',
    issuedAt: 'Emitido',
    provider: 'Emitido por',
  },
  actions: {
    download: 'Descargar',
    open: 'Abrir credencial',
  },
  failed_hint: 'La emisión falló tras %{smart_count} intento: %{error} |||| La emisión falló tras %{smart_count} intentos: %{error}',
};

export const certifications = { en, es };
