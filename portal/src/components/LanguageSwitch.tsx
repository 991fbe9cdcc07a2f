import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { LANGUAGES, useI18n } from '../i18n';

/** EN / ES buttons (language codes, never translated); the pressed one is the current language. */
export function LanguageSwitch({ color = 'primary' }: { color?: 'primary' | 'inherit' }) {
  const { language, setLanguage, t } = useI18n();
  return (
    <Box role="group" aria-label={t('language.switch')} sx={{ display: 'inline-flex', gap: 0.5 }}>
      {LANGUAGES.map((code) => {
        const active = language === code;
        return (
          <Button
            key={code}
            size="small"
            color={color}
            lang={code.toLowerCase()}
            translate="no"
            title={t(code === 'EN' ? 'language.english' : 'language.spanish')}
            aria-pressed={active}
            variant={active ? 'outlined' : 'text'}
            onClick={() => setLanguage(code)}
            data-testid={`language-${code.toLowerCase()}`}
            sx={{ minWidth: 40, px: 1 }}
          >
            {code}
          </Button>
        );
      })}
    </Box>
  );
}
