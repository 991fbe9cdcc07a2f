/** /enroll/promo: platform spec §2 "Start enrollment with a promo code" — the code first, then the course. */
import Typography from '@mui/material/Typography';
import { useT } from './i18n';
import { CourseStep } from './CourseStep';
import { EnrollmentFrame } from './parts';

export default function PromoStartScreen() {
  const { t } = useT();
  return (
    <EnrollmentFrame step="course">
      <Typography variant="body2" color="text.secondary" data-testid="promo-intro">
        {t('enroll.promo.intro')}
      </Typography>
      <CourseStep withPromoCode />
    </EnrollmentFrame>
  );
}
