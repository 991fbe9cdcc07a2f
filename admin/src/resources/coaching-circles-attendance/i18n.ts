/** Texts of the coaching circle attendance screen (`resources.coaching-circles-attendance.*`). */
const en = {
  name: 'Circle attendance |||| Circle attendance',
  fields: {
    id: 'ID',
    student: 'Student',
    circle: 'Coaching circle',
    session: 'Session (New York time)',
    coach: 'Coach',
    status: 'Status',
    participation: 'Participation',
    notes: 'Notes',
    updatedAt: 'Changed',
  },
  filters: {
    title: 'Filters',
    search: 'Search by student',
    coachingCircleIds: 'Coaching circle',
    cohortIds: 'Cohort',
    coachIds: 'Coach',
    statuses: 'Status',
    sessionDate: 'Session date',
    sessionDateFrom: 'Session date from',
    sessionDateTo: 'Session date to',
    sessionDateHint: 'The range filters once both dates are set.',
  },
};

const es: typeof en = {
  name: 'Asistencia a círculos |||| Asistencia a círculos',
  fields: {
    id: 'ID',
    student: 'Estudiante',
    circle: 'Círculo de coaching',
    session: 'Sesión (hora de Nueva York)',
    coach: 'Coach',
    status: 'Estado',
    participation: 'Participación',
    notes: 'Notas',
    updatedAt: 'Modificado',
  },
  filters: {
    title: 'Filtros',
    search: 'Buscar por estudiante',
    coachingCircleIds: 'Círculo de coaching',
    cohortIds: 'Cohorte',
    coachIds: 'Coach',
    statuses: 'Estado',
    sessionDate: 'Fecha de sesión',
    sessionDateFrom: 'Fecha de sesión desde',
    sessionDateTo: 'Fecha de sesión hasta',
    sessionDateHint: 'El rango filtra cuando ambas fechas están indicadas.',
  },
};

export const coachingCirclesAttendance = { en, es };
