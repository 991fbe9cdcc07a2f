/**
 * /enroll/:applicationId/:step — the enrollment steps of one application (platform spec §2): the
 * application is loaded once and kept while the student moves between steps; each step saves its
 * part on Next. An application no longer being filled in (submitted, cancelled...) shows its
 * congratulations page instead.
 */
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoading } from '../../components/PageLoading';
import { AgreementStep } from './AgreementStep';
import { ClassStep } from './ClassStep';
import { CourseStep } from './CourseStep';
import { EnrollmentFrame } from './parts';
import { PaymentMethodStep } from './PaymentMethodStep';
import { PaymentPlanStep } from './PaymentPlanStep';
import { PersonalInfoStep } from './PersonalInfoStep';
import { congratulationsPath, isStepKey, stepPath, type StepKey } from './steps';
import { SubmitStep } from './SubmitStep';
import type { StepProps } from './types';
import { useEnrollmentApi, useLoad } from './useLoad';

export default function EnrollmentFlowScreen() {
  const params = useParams();
  const id = Number(params.applicationId);
  const step = params.step;
  const calls = useEnrollmentApi();
  const navigate = useNavigate();
  const loaded = useLoad(() => calls.getApplication(id), [calls, id]);

  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/enroll" replace />;
  if (!isStepKey(step)) return <Navigate to={stepPath(id, 'class')} replace />;
  if (loaded.loading) return <PageLoading />;
  if (!loaded.data) {
    return (
      <EnrollmentFrame step={step}>
        <ErrorAlert error={loaded.error} testId="application-error" />
      </EnrollmentFrame>
    );
  }
  const application = loaded.data;
  if (application.status !== 'CREATED') return <Navigate to={congratulationsPath(id)} replace />;

  const props: StepProps = {
    application,
    setApplication: loaded.setData,
    reloadApplication: loaded.reload,
    goTo: (next: StepKey) => navigate(stepPath(id, next)),
  };
  return (
    <EnrollmentFrame step={step} productName={application.product?.name}>
      <StepBody key={step} step={step} {...props} />
    </EnrollmentFrame>
  );
}

function StepBody({ step, ...props }: StepProps & { step: StepKey }) {
  switch (step) {
    case 'course':
      return <CourseStep current={props.application} />;
    case 'class':
      return <ClassStep {...props} />;
    case 'personal-info':
      return <PersonalInfoStep {...props} />;
    case 'payment-plan':
      return <PaymentPlanStep {...props} />;
    case 'agreement':
      return <AgreementStep {...props} />;
    case 'payment-method':
      return <PaymentMethodStep {...props} />;
    case 'submit':
      return <SubmitStep {...props} />;
  }
}
