import { Alert, AlertTitle, Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { levelSeverity, type BannerLevelValue } from './bannerRecord';

export const t = (key: string) => `resources.information-banner.${key}`;

export function LevelChip({ level, testId }: { level: BannerLevelValue; testId?: string }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={levelSeverity[level] ?? 'default'} label={translate(`enums.BannerLevel.${level}`, { _: level })} data-testid={testId} />;
}

export function PublishedChip({ published, testId }: { published: boolean; testId?: string }) {
  const translate = useTranslate();
  return <Chip size="small" color={published ? 'success' : 'default'} label={translate(t(published ? 'status.published' : 'status.draft'))} data-testid={testId} />;
}

/**
 * The banner as the portal shows it: the level's alert with the title, and the content in a frame
 * with an empty `sandbox` — what staff typed is shown before the server sanitises it, so its
 * scripts, forms and links cannot act in the console.
 */
export function BannerPreview({ title, content, level }: { title: string; content: string; level: BannerLevelValue }) {
  const translate = useTranslate();
  return (
    <Alert severity={levelSeverity[level] ?? 'info'} data-testid="banner-preview" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{title}</AlertTitle>
      <Box
        component="iframe"
        sandbox=""
        srcDoc={`<!doctype html><html><body style="margin:0;font-family:Roboto,Helvetica,Arial,sans-serif;font-size:14px">${content}</body></html>`}
        title={translate(t('messages.preview'))}
        data-testid="banner-preview-content"
        sx={{ width: '100%', minHeight: 80, border: 0, bgcolor: 'transparent' }}
      />
    </Alert>
  );
}
