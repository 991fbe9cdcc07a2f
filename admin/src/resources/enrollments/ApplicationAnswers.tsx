import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { InfoRow, InfoSection } from '../../common/InfoSection';
import { LoadError } from './ApplicationPaymentPlans';
import type { ApplicationAnswer, ApplicationRecord } from '../../common/applicationRecord';

/**
 * The answers tab: the student's questionnaire answers (GET /applications/{id}/answers), question by
 * question. Questions are named by their ids: the questionnaire itself is not part of the API.
 */
export function ApplicationAnswers({ record }: { record: ApplicationRecord }) {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const { data, error, isPending } = useQuery({
    queryKey: ['enrollments', 'answers', String(record.id), record.updatedAt],
    queryFn: (): Promise<ApplicationAnswer[]> => dataProvider.applicationAnswers(record.id),
  });
  if (isPending) return <LinearProgress />;
  if (error) return <LoadError error={error} />;
  if (!data?.length) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="no-answers">
        {translate('resources.enrollments.messages.no_answers')}
      </Typography>
    );
  }
  return (
    <Box data-testid="application-answers">
      <InfoSection title="resources.enrollments.sections.answers">
        {data.map((answer) => (
          <InfoRow
            key={answer.questionId}
            label={translate(`resources.enrollments.questions.${answer.questionId}`, { _: answer.questionId })}
            testId={`answer-${answer.questionId}`}
          >
            <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
              {answer.content}
            </Box>
          </InfoRow>
        ))}
      </InfoSection>
    </Box>
  );
}
