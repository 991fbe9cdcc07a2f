/** Texts of the graduations screen (`resources.graduations.*`); the shared ones are under `academics.*`. */
const en = {
  name: 'Graduation |||| Graduations',
  actions: {
    graduate: 'Graduate',
    confirm: 'Graduate',
    cancel: 'Cancel',
  },
  dialog: {
    title: 'Graduate %{smart_count} student |||| Graduate %{smart_count} students',
    text: 'Each student gets their certificate and a congratulations email. This cannot be undone.',
    late: 'Late graduation',
    late_hint: 'Records them as late graduations (a graduation is also late once the extended graduation date has passed).',
  },
  notifications: {
    graduated: '%{smart_count} student graduated |||| %{smart_count} students graduated',
  },
  only_ready: 'Only students ready for graduation can be selected.',
};

const es: typeof en = {
  name: 'Graduación |||| Graduaciones',
  actions: {
    graduate: 'Graduar',
    confirm: 'Graduar',
    cancel: 'Cancelar',
  },
  dialog: {
    title: 'Graduar a %{smart_count} estudiante |||| Graduar a %{smart_count} estudiantes',
    text: 'Cada estudiante recibe su certificado y un correo de felicitación. No se puede deshacer.',
    late: 'Graduación tardía',
    late_hint: 'Los marca como graduación tardía (también lo es si la fecha de graduación extendida ya pasó).',
  },
  notifications: {
    graduated: '%{smart_count} estudiante graduado |||| %{smart_count} estudiantes graduados',
  },
  only_ready: 'Solo se pueden seleccionar estudiantes listos para la graduación.',
};

export const graduations = { en, es };
