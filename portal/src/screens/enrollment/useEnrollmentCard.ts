/**
 * What the home page says about enrollment: "Enroll" when the student has no application, "Continue
 * your enrollment" (at the first incomplete step) when one is being filled in (CREATED), else the
 * latest submitted application's state with a link to the Enrollment page; and the My agreements card.
 */
import { enumLabel } from '../../../../models/labels';
import { useT } from './i18n';
import type { Application } from '../../lib/enrollment-api';
import { CHOOSE_COURSE_PATH } from './MyApplications';
import { applicationToResume, firstIncompleteStep, STEP_LABELS, stepPath, submittedApplications } from './steps';
import { useEnrollmentApi, useLoad } from './useLoad';

export interface HomeCardSpec {
  kind: 'enroll' | 'continue' | 'application';
  title: string;
  body: string;
  action: string;
  to: string;
  secondary?: { label: string; to: string };
}

export function useEnrollmentCards(): { enrollment: HomeCardSpec | null; agreements: Omit<HomeCardSpec, 'kind'> } {
  const { t } = useT();
  const enrollment = useEnrollmentCard();
  return { enrollment, agreements: { title: t('nav.agreements'), body: t('home.agreements.body'), action: t('home.agreements.action'), to: '/agreements' } };
}

function useEnrollmentCard(): HomeCardSpec | null {
  const calls = useEnrollmentApi();
  const { t, locale } = useT();
  const applications = useLoad(() => calls.listApplications(), [calls]);
  if (applications.loading) return null;
  const list: Application[] = applications.data ?? [];
  const resume = applicationToResume(list);
  if (resume) {
    const step = firstIncompleteStep(resume);
    return {
      kind: 'continue',
      title: t('home.enroll.continueTitle'),
      body: t('home.enroll.continueBody', { product: resume.product?.name ?? '', step: t(STEP_LABELS[step]) }),
      action: t('home.enroll.continue'),
      to: stepPath(resume.id, step),
    };
  }
  const active = submittedApplications(list)[0];
  if (active) {
    return {
      kind: 'application',
      title: t('home.enroll.applicationTitle'),
      body: t('home.enroll.applicationBody', { product: active.product?.name ?? '', status: enumLabel('ApplicationStatus', active.status, locale) }),
      action: t('home.enroll.view'),
      to: '/enroll',
      secondary: { label: t('home.enroll.another'), to: CHOOSE_COURSE_PATH },
    };
  }
  return {
    kind: 'enroll',
    title: t('home.enroll.title'),
    body: t('home.enroll.body'),
    action: t('home.enroll.action'),
    to: '/enroll',
    secondary: { label: t('home.enroll.promo'), to: '/enroll/promo' },
  };
}
