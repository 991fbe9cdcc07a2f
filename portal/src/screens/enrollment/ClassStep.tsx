/**
 * Step 2, select class: one class per program of the product among its cohorts (label, dates, seats
 * left; a full class cannot be chosen) → PUT /applications/{id} {cohortIds}.
 */
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoading } from '../../components/PageLoading';
import { useT } from './i18n';
import { describeError, failureOf, type ErrorView } from '../../lib/errors';
import { date } from './format';
import { StepActions } from './parts';
import type { StepProps } from './types';
import { useEnrollmentApi, useLoad } from './useLoad';

export function ClassStep({ application, setApplication, goTo }: StepProps) {
  const calls = useEnrollmentApi();
  const { t } = useT();
  const options = useLoad(() => calls.options(application.id), [calls, application.id]);
  const [chosen, setChosen] = useState<Record<number, string>>(() => Object.fromEntries((application.applicationCohorts ?? []).map((c) => [c.programId, String(c.cohortId)])));
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);

  async function next() {
    setFailure(null);
    const programs = options.data?.programs ?? [];
    if (programs.some((p) => !chosen[p.id])) {
      setFailure(failureOf(t('enroll.class.chooseEach')));
      return;
    }
    setBusy(true);
    try {
      setApplication(await calls.updateApplication(application.id, { cohortIds: programs.map((p) => Number(chosen[p.id])) }));
      goTo('personal-info');
    } catch (error) {
      setFailure(describeError(error));
      setBusy(false);
    }
  }

  if (options.loading) return <PageLoading />;
  if (!options.data) return <ErrorAlert error={options.error} testId="options-error" />;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {t('enroll.class.intro')}
      </Typography>
      <ErrorAlert error={failure} testId="class-error" />
      {options.data.programs.map((program) => (
        <FormControl key={program.id} component="fieldset" fullWidth sx={{ mt: 2 }}>
          <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary' }}>
            {program.name}
          </FormLabel>
          <RadioGroup name={`program-${program.id}`} value={chosen[program.id] ?? ''} onChange={(event) => setChosen((c) => ({ ...c, [program.id]: event.target.value }))}>
            {program.cohorts.map((cohort) => {
              const full = cohort.seatsLeft !== null && cohort.seatsLeft <= 0;
              const dates = [date(cohort.startDate), date(cohort.endDate)].filter(Boolean).join(' – ');
              const seats = cohort.seatsLeft === null ? '' : full ? t('enroll.class.full') : t('enroll.class.seatsLeft', { count: cohort.seatsLeft });
              return (
                <FormControlLabel
                  key={cohort.id}
                  value={String(cohort.id)}
                  disabled={full}
                  control={<Radio />}
                  label={
                    <Box>
                      <Typography component="span" sx={{ fontWeight: 500 }}>
                        {cohort.label}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary">
                        {[dates, seats]
                          .filter(Boolean)
                          .map((part) => ` · ${part}`)
                          .join('')}
                      </Typography>
                    </Box>
                  }
                />
              );
            })}
          </RadioGroup>
        </FormControl>
      ))}
      <StepActions onBack={() => goTo('course')} onNext={next} busy={busy} />
    </Box>
  );
}
