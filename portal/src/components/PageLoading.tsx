import Box from '@mui/material/Box';
import { useI18n } from '../i18n';

/** Shown while a lazily loaded screen or its data arrives: a small CSS spinner (no extra component in the first chunk). */
export function PageLoading() {
  const { t } = useI18n();
  return (
    <Box role="progressbar" aria-label={t('common.loading')} aria-busy="true" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <Box
        sx={{
          width: 36,
          height: 36,
          borderRadius: '50%',
          border: 3,
          borderColor: 'divider',
          borderTopColor: 'primary.main',
          animation: 'hci-spin 0.8s linear infinite',
          '@keyframes hci-spin': { to: { transform: 'rotate(360deg)' } },
        }}
      />
    </Box>
  );
}
