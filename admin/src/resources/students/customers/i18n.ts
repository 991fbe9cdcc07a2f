import { students, type StudentMessages } from '../i18n';

/**
 * Texts of the customers screens. Customers are the same records as students (every learner
 * account), shown by the same components, so the texts are the students' with the few that name
 * the resource replaced.
 */
const en: StudentMessages = {
  ...students.en,
  name: 'Customer |||| Customers',
  actions: { ...students.en.actions, create: 'New customer' },
  messages: {
    ...students.en.messages,
    activated: 'Customer activated',
    deactivated: 'Customer deactivated',
    created: 'Customer created',
    merged_into: 'This record was merged into customer #%{id} and is archived.',
    no_create: 'Customers are created when they sign up or apply; staff create students from the students list.',
  },
};

const es: StudentMessages = {
  ...students.es,
  name: 'Cliente |||| Clientes',
  actions: { ...students.es.actions, create: 'Nuevo cliente' },
  messages: {
    ...students.es.messages,
    activated: 'Cliente activado',
    deactivated: 'Cliente desactivado',
    created: 'Cliente creado',
    merged_into: 'Este registro se fusionó con el cliente #%{id} y está archivado.',
    no_create: 'Los clientes se crean al registrarse o postularse; el personal crea estudiantes desde la lista de estudiantes.',
  },
};

export const customers = { en, es };
