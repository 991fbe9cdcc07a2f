/** The frame of the public screens: the institute's name, the language switch and one card. */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n';
import { useDocumentTitle } from './useDocumentTitle';
import { LanguageSwitch } from './LanguageSwitch';

export function PublicShell({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { t } = useI18n();
  useDocumentTitle(title);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, sm: 4 }, py: 2 }}>
        <Typography component="div" variant="h6" color="primary" sx={{ fontWeight: 700 }}>
          {t('app.name')}
        </Typography>
        <LanguageSwitch />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: { xs: 'flex-start', sm: 'center' }, px: 2, pb: 6 }}>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 480, p: { xs: 3, sm: 4 } }}>
          <Typography component="h1" variant="h5" gutterBottom>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
