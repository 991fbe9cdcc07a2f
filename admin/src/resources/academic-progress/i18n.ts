/** Texts of the academic-progress screen (`resources.academic-progress.*`); the shared ones are under `academics.*`. */
const en = {
  name: 'Academic progress |||| Academic progress',
  filters: { enrollmentStatuses: 'Enrollment status' },
};

const es: typeof en = {
  name: 'Progreso académico |||| Progreso académico',
  filters: { enrollmentStatuses: 'Estado de la inscripción' },
};

export const academicProgress = { en, es };
