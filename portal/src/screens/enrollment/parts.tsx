/** The frame of the enrollment screens: title, the seven-step stepper, step sections and the Back / Next bar. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useT } from './i18n';
import { STEP_LABELS, STEPS, type StepKey } from './steps';

/**
 * Seven labelled steps need 640 px: on a phone they were cut after the fourth. There the stepper
 * shows the seven numbered steps only (their names stay for screen readers; the step's own heading
 * below names the current one).
 */
const stepperSx = (theme: Theme) => ({
  listStyle: 'none',
  p: 0,
  m: 0,
  minWidth: 640,
  [theme.breakpoints.down('sm')]: {
    minWidth: 0,
    '& .MuiStepLabel-labelContainer': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
  },
});

export function EnrollmentFrame({ step, productName, children }: { step: StepKey; productName?: string | null; children: ReactNode }) {
  const { t } = useT();
  const current = STEPS.indexOf(step);
  useDocumentTitle(`${t(STEP_LABELS[step])} · ${t('enroll.title')}`);
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('enroll.title')}
      </Typography>
      {productName && (
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="enroll-product">
          {productName}
        </Typography>
      )}
      <Box component="nav" aria-label={t('enroll.steps')} sx={{ mb: 3, overflowX: 'auto' }}>
        <Stepper activeStep={current} alternativeLabel component="ol" sx={stepperSx}>
          {STEPS.map((key, index) => (
            <Step key={key} completed={index < current} component="li" aria-current={index === current ? 'step' : undefined}>
              <StepLabel>{t(STEP_LABELS[key])}</StepLabel>
            </Step>
          ))}
        </Stepper>
      </Box>
      <Paper variant="outlined" component="section" aria-labelledby="enroll-step-heading" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h2" variant="h5" id="enroll-step-heading" gutterBottom>
          {t(STEP_LABELS[step])}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}

/** Back and Next (or the step's own primary action). */
export function StepActions({
  onBack,
  onNext,
  nextLabel,
  busy,
  nextDisabled,
  extra,
}: {
  onBack?: (() => void) | null;
  onNext?: () => void;
  nextLabel?: string;
  busy?: boolean;
  nextDisabled?: boolean;
  extra?: ReactNode;
}) {
  const { t } = useT();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center', mt: 3 }}>
      <Box>
        {onBack && (
          <Button onClick={onBack} disabled={busy} color="inherit">
            {t('enroll.back')}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {extra}
        {onNext && (
          <Button variant="contained" onClick={onNext} disabled={busy || nextDisabled} aria-busy={busy || undefined}>
            {nextLabel ?? t('enroll.next')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** A titled block inside a step. */
export function Block({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3 }}>
      <Typography component="h3" variant="subtitle1" id={id} sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
