import { createAuthProvider } from './authProvider';
import { createDataProvider } from './dataProvider';
import { createHttpClient, localSessionStore } from './http';
import { createI18nProvider } from './i18nProvider';
import { createQueryClient } from './queryClient';

/** The console's providers, built once for the browser (tests build their own with fakes). */
export const SESSION_KEY = 'hci.admin.session';
export const http = createHttpClient({ baseUrl: '/api', store: localSessionStore(SESSION_KEY) });
export const dataProvider = createDataProvider(http);
export const authProvider = createAuthProvider(http);
export const i18nProvider = createI18nProvider();
export const queryClient = createQueryClient();
