/**
 * Texts of My progress and Awards (issue 21), English and Spanish, same keys; loaded with the screens.
 * `useT()` looks a key up here first, then in the global dictionaries.
 */
import { useMemo } from 'react';
import { interpolate, useI18n, type I18n, type Params, type TranslationKey } from '../../i18n';

export const academicsEn = {
  'progress.title': 'My progress',
  'progress.intro': 'Your classes, the requirements to graduate and how far you are.',
  'progress.none': 'You have no classes yet.',
  'progress.class': '{program} · {cohort}',
  'progress.status': 'Graduation status: {status}',
  'progress.graduatedOn': 'Graduated on {date}',
  'progress.summary': '{done} of {total} requirements met',
  'progress.score': 'Average score: {score}',
  'progress.requirements': 'Requirements of {name}',
  'progress.noRequirements': 'This program has no graduation requirements.',
  'progress.col.requirement': 'Requirement',
  'progress.col.type': 'Type',
  'progress.col.done': 'Done',
  'progress.col.score': 'Score',
  'progress.col.met': 'Met',
  'progress.yes': 'Yes',
  'progress.no': 'Not yet',
  'progress.minScore': 'minimum {score}',
  'progress.transcript': 'Download unofficial transcript',
  'progress.downloadFailed': 'The file could not be downloaded. Please try again.',

  'awards.title': 'Awards',
  'awards.intro': 'Your certificates and badges, and the awards your classes lead to.',
  'awards.filter': 'Show',
  'awards.filter.ALL': 'All',
  'awards.filter.CERTIFICATE': 'Certificates',
  'awards.filter.BADGE': 'Badges',
  'awards.mine.title': 'My awards',
  'awards.mine.none': 'You have no awards yet.',
  'awards.available.title': 'Available awards',
  'awards.available.none': 'There are no awards available for your current classes.',
  'awards.available.progress': '{done} of {total} requirements met · {status}',
  'awards.issuedOn': 'Issued on {date}',
  'awards.pending': 'Your certificate is being prepared.',
  'awards.failed': 'Your certificate could not be issued yet. The institute has been told.',
  'awards.download': 'Download certificate (PDF)',
  'awards.view': 'View credential',
  'awards.badge': 'Badge of {name}',
} as const;

export const academicsEs: { readonly [K in keyof typeof academicsEn]: string } = {
  'progress.title': 'Mi progreso',
  'progress.intro': 'Sus clases, los requisitos para graduarse y cuánto ha avanzado.',
  'progress.none': 'Todavía no tiene clases.',
  'progress.class': '{program} · {cohort}',
  'progress.status': 'Estado de graduación: {status}',
  'progress.graduatedOn': 'Graduado el {date}',
  'progress.summary': '{done} de {total} requisitos cumplidos',
  'progress.score': 'Calificación promedio: {score}',
  'progress.requirements': 'Requisitos de {name}',
  'progress.noRequirements': 'Este programa no tiene requisitos de graduación.',
  'progress.col.requirement': 'Requisito',
  'progress.col.type': 'Tipo',
  'progress.col.done': 'Hecho',
  'progress.col.score': 'Calificación',
  'progress.col.met': 'Cumplido',
  'progress.yes': 'Sí',
  'progress.no': 'Todavía no',
  'progress.minScore': 'mínimo {score}',
  'progress.transcript': 'Descargar expediente no oficial',
  'progress.downloadFailed': 'No se pudo descargar el archivo. Inténtelo de nuevo.',

  'awards.title': 'Reconocimientos',
  'awards.intro': 'Sus certificados e insignias, y los reconocimientos a los que llevan sus clases.',
  'awards.filter': 'Mostrar',
  'awards.filter.ALL': 'Todos',
  'awards.filter.CERTIFICATE': 'Certificados',
  'awards.filter.BADGE': 'Insignias',
  'awards.mine.title': 'Mis reconocimientos',
  'awards.mine.none': 'Todavía no tiene reconocimientos.',
  'awards.available.title': 'Reconocimientos disponibles',
  'awards.available.none': 'No hay reconocimientos disponibles para sus clases actuales.',
  'awards.available.progress': '{done} de {total} requisitos cumplidos · {status}',
  'awards.issuedOn': 'Emitido el {date}',
  'awards.pending': 'Su certificado se está preparando.',
  'awards.failed': 'Su certificado aún no se pudo emitir. Se ha avisado al instituto.',
  'awards.download': 'Descargar certificado (PDF)',
  'awards.view': 'Ver credencial',
  'awards.badge': 'Insignia de {name}',
};

export type AcademicsKey = keyof typeof academicsEn;
export type Key = AcademicsKey | TranslationKey;

const dictionaries = { EN: academicsEn, ES: academicsEs } as const;
const isAcademicsKey = (key: string): key is AcademicsKey => Object.prototype.hasOwnProperty.call(academicsEn, key);

export function useT(): Omit<I18n, 't'> & { t(key: Key, params?: Params): string } {
  const i18n = useI18n();
  return useMemo(
    () => ({
      ...i18n,
      t: (key: Key, params?: Params) => (isAcademicsKey(key) ? interpolate(dictionaries[i18n.language][key] ?? academicsEn[key], params) : i18n.t(key, params)),
    }),
    [i18n],
  );
}
