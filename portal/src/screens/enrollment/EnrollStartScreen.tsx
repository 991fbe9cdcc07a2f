/**
 * /enroll: a student with an application being filled in (CREATED) resumes it at its first
 * incomplete step; one who has submitted applications sees them and what happens next
 * (MyApplications); anyone else chooses a course. /enroll/courses (`chooseCourse`) is the course
 * list for a student who wants another course. /enroll/promo starts with the promo-code field
 * (PromoStartScreen).
 */
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoading } from '../../components/PageLoading';
import { RouterLink } from '../../components/RouterLink';
import { useT } from './i18n';
import { CourseStep } from './CourseStep';
import { MyApplications } from './MyApplications';
import { EnrollmentFrame } from './parts';
import { applicationToResume, firstIncompleteStep, stepPath, submittedApplications } from './steps';
import { useEnrollmentApi, useLoad } from './useLoad';

export default function EnrollStartScreen({ chooseCourse = false }: { chooseCourse?: boolean }) {
  const calls = useEnrollmentApi();
  const { t } = useT();
  const applications = useLoad(() => calls.listApplications(), [calls]);
  if (applications.loading) return <PageLoading />;
  const resume = applicationToResume(applications.data ?? []);
  if (resume) return <Navigate to={stepPath(resume.id, firstIncompleteStep(resume))} replace />;
  const submitted = submittedApplications(applications.data ?? []);
  if (!chooseCourse && submitted.length > 0) return <MyApplications applications={submitted} />;
  return (
    <EnrollmentFrame step="course">
      {/* Without the list the student can still choose; a duplicate is refused by the server. */}
      <ErrorAlert error={applications.error} testId="applications-error" />
      <Typography variant="body2" color="text.secondary">
        {t('enroll.course.intro')} <RouterLink to="/enroll/promo">{t('enroll.promo.link')}</RouterLink>
      </Typography>
      <CourseStep />
    </EnrollmentFrame>
  );
}
