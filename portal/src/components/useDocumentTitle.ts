import { useEffect } from 'react';
import { useI18n } from '../i18n';

/** `Screen · Health Coach Institute` in the browser tab. */
export function useDocumentTitle(title: string | null | undefined) {
  const { t } = useI18n();
  const appName = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
