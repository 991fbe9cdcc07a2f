import { baseUrl } from './browser';

/** Direct API calls the browser tests use to arrange their own data (never the demo's records). */
export async function api<T = unknown>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export const SUPER_ADMIN = { email: 'admin@example.com', password: 'Admin12345' };
export const DEMO_PASSWORD = 'Demo12345';

let seq = 0;
/** A value unique to this run, for names and emails. */
export function unique(prefix: string): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${seq}`;
}

export async function adminToken(credentials = SUPER_ADMIN): Promise<string> {
  const answer = await api<{ accessToken: string }>('POST', '/auth/signin/admin', null, credentials);
  return answer.accessToken;
}

/** An administrator with the given roles and a known password, made through the API. */
export async function makeAdmin(token: string, roles: string[] = ['SUPER_ADMIN']) {
  const email = `${unique('e2e.admin.')}@example.com`;
  const password = 'Passw0rdOk';
  const admin = await api<{ id: number }>('POST', '/admins', token, { firstName: 'Eve', lastName: 'Tester', email, password, roles });
  return { id: admin.id, email, password };
}

/** A student (optionally able to sign in to the portal with `password`) made through the API. */
export async function makeStudent(token: string, over: { firstName?: string; lastName?: string; city?: string; password?: string; language?: 'EN' | 'ES' } = {}) {
  const email = `${unique('e2e.student.')}@example.com`;
  const student = await api<{ id: number; user: { id: number } }>('POST', '/students', token, {
    user: { email },
    personalInfo: { firstName: over.firstName ?? 'Lucia', lastName: over.lastName ?? unique('Tester') },
    languageIso2LetterCode: over.language,
    address: over.city ? { street1: '1 Main St', city: over.city, stateCode: 'NY', zip: '10001', countryCode: 'US' } : undefined,
  });
  if (over.password) {
    await api('PATCH', `/users/${student.user.id}/update_password`, token, { password: over.password, passwordConfirmation: over.password });
  }
  return { ...student, email };
}
