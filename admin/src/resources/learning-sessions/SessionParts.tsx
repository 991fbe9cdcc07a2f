import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { t } from './learningSessionRecord';

export function PublishedChip({ published, testId }: { published: boolean; testId?: string }) {
  const translate = useTranslate();
  return <Chip size="small" color={published ? 'success' : 'default'} label={translate(t(published ? 'status.published' : 'status.draft'))} data-testid={testId} />;
}
