import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadScreen } from './App';
import { authProvider, dataProvider, i18nProvider, queryClient } from './providers';

preloadScreen(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient} />
  </StrictMode>,
);
