/**
 * Texts of the coaching circles screen (issue 19), English and Spanish, same keys; loaded with the
 * screen. `useT()` looks a key up here first, then in the global dictionaries.
 */
import { useMemo } from 'react';
import { interpolate, useI18n, type I18n, type Params, type TranslationKey } from '../../i18n';

export const circlesEn = {
  'circles.title': 'Coaching circles',
  'circles.intro': 'Small groups that meet with a coach between modules. Choose a group with free seats; you can switch group or leave up to 12 hours before your next session.',
  'circles.zone': 'Times are shown in your time zone ({zone}).',
  'circles.mine.title': 'Your coaching circles',
  'circles.mine.none': 'You have not joined a coaching circle yet.',
  'circles.coach': 'Coach: {name}',
  'circles.join': 'Join the session',
  'circles.schedule': 'Schedule of {name}',
  'circles.col.number': 'Session',
  'circles.col.date': 'Date',
  'circles.col.time': 'Time',
  'circles.col.status': 'Attendance',
  'circles.notice.until': 'You can switch group or leave until {deadline} (12 hours before your next session).',
  'circles.notice.passed': 'Your next session starts in less than 12 hours: switching group or leaving is no longer possible for it. Contact the institute if you need help.',
  'circles.notice.none': 'There are no sessions left in this circle.',
  'circles.switch': 'Switch group',
  'circles.switch.title': 'Switch to another group',
  'circles.switch.target': 'New group',
  'circles.switch.none': 'There is no other group with free seats you can switch to.',
  'circles.switch.confirm': 'Switch',
  'circles.switch.done': 'You switched group.',
  'circles.leave': 'Leave the circle',
  'circles.leave.title': 'Leave this coaching circle?',
  'circles.leave.body': 'Your seat is freed for another student. Sessions already held stay in your history.',
  'circles.leave.confirm': 'Leave',
  'circles.leave.done': 'You left the coaching circle.',
  'circles.cancel': 'Cancel',
  'circles.available.title': 'Circles you can join',
  'circles.available.none': 'There is no coaching circle of your classes open for sign-up right now.',
  'circles.available.first': 'First session {date} at {time} · {count} sessions of {minutes} minutes',
  'circles.available.closed': 'Sign-ups are not open.',
  'circles.group': '{name}: {seats} free seats',
  'circles.group.full': '{name}: full',
  'circles.signUp': 'Sign up with {name}',
  'circles.signUp.done': 'You are signed up. Your schedule is below.',
  'circles.option': '{circle}, {coach} ({seats} free seats)',
} as const;

export const circlesEs: { readonly [K in keyof typeof circlesEn]: string } = {
  'circles.title': 'Círculos de coaching',
  'circles.intro':
    'Grupos pequeños que se reúnen con un coach entre módulos. Elija un grupo con lugares libres; puede cambiar de grupo o salir hasta 12 horas antes de su próxima sesión.',
  'circles.zone': 'Los horarios se muestran en su zona horaria ({zone}).',
  'circles.mine.title': 'Sus círculos de coaching',
  'circles.mine.none': 'Aún no se ha unido a un círculo de coaching.',
  'circles.coach': 'Coach: {name}',
  'circles.join': 'Unirse a la sesión',
  'circles.schedule': 'Calendario de {name}',
  'circles.col.number': 'Sesión',
  'circles.col.date': 'Fecha',
  'circles.col.time': 'Hora',
  'circles.col.status': 'Asistencia',
  'circles.notice.until': 'Puede cambiar de grupo o salir hasta el {deadline} (12 horas antes de su próxima sesión).',
  'circles.notice.passed':
    'Su próxima sesión comienza en menos de 12 horas: ya no es posible cambiar de grupo ni salir para esa sesión. Comuníquese con el instituto si necesita ayuda.',
  'circles.notice.none': 'No quedan sesiones en este círculo.',
  'circles.switch': 'Cambiar de grupo',
  'circles.switch.title': 'Cambiar a otro grupo',
  'circles.switch.target': 'Nuevo grupo',
  'circles.switch.none': 'No hay otro grupo con lugares libres al que pueda cambiarse.',
  'circles.switch.confirm': 'Cambiar',
  'circles.switch.done': 'Cambió de grupo.',
  'circles.leave': 'Salir del círculo',
  'circles.leave.title': '¿Salir de este círculo de coaching?',
  'circles.leave.body': 'Su lugar queda libre para otro estudiante. Las sesiones ya realizadas permanecen en su historial.',
  'circles.leave.confirm': 'Salir',
  'circles.leave.done': 'Salió del círculo de coaching.',
  'circles.cancel': 'Cancelar',
  'circles.available.title': 'Círculos a los que puede unirse',
  'circles.available.none': 'Ahora no hay ningún círculo de coaching de sus clases abierto a inscripciones.',
  'circles.available.first': 'Primera sesión el {date} a las {time} · {count} sesiones de {minutes} minutos',
  'circles.available.closed': 'Las inscripciones no están abiertas.',
  'circles.group': '{name}: {seats} lugares libres',
  'circles.group.full': '{name}: completo',
  'circles.signUp': 'Inscribirse con {name}',
  'circles.signUp.done': 'Está inscrito. Su calendario está abajo.',
  'circles.option': '{circle}, {coach} ({seats} lugares libres)',
};

export type CirclesKey = keyof typeof circlesEn;
export type Key = CirclesKey | TranslationKey;

const dictionaries = { EN: circlesEn, ES: circlesEs } as const;
const isCirclesKey = (key: string): key is CirclesKey => Object.prototype.hasOwnProperty.call(circlesEn, key);

export function useT(): Omit<I18n, 't'> & { t(key: Key, params?: Params): string } {
  const i18n = useI18n();
  return useMemo(
    () => ({
      ...i18n,
      t: (key: Key, params?: Params) => (isCirclesKey(key) ? interpolate(dictionaries[i18n.language][key] ?? circlesEn[key], params) : i18n.t(key, params)),
    }),
    [i18n],
  );
}
