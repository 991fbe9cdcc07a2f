import { Card, CardContent, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';

const LOCALES = ['en', 'es'] as const;

/** English or Spanish: a preference kept in this browser (react-admin's store and the i18n provider's key). */
export function LanguagePreference() {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('profile.language.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('profile.language.hint')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={locale}
          onChange={(_e, next: string | null) => {
            if (next) setLocale(next);
          }}
          aria-label={translate('profile.language.title')}
        >
          {LOCALES.map((l) => (
            <ToggleButton key={l} value={l} data-testid={`locale-${l}`}>
              {translate(`profile.language.${l}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </CardContent>
    </Card>
  );
}
