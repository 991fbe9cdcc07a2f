import type { Identifier, RaRecord } from 'react-admin';
import type { LmsConnectionAnswer, LmsEnrollmentAnswer, LmsSyncRunAnswer } from '../../../../domain/contract/lms';
import type { LmsConnectionStatus, LmsVendor, Of } from '../../../../models/enums';
import { apiPath, type AppDataProvider } from '../../providers/dataProvider';

/**
 * Learning-system connections (the console resource `lms` over /api/lms_connection, issue 21): a
 * vendor's properties with its secrets masked by the API, the status its last check left, the sync
 * runs through it and the students' enrollments in it.
 */

export const LMS = 'lms';

export type LmsVendorValue = Of<typeof LmsVendor>;
export type LmsStatusValue = Of<typeof LmsConnectionStatus>;
export type LmsRecord = Omit<LmsConnectionAnswer, 'id'> & RaRecord;
export type LmsSyncRun = LmsSyncRunAnswer;
export type LmsEnrollment = LmsEnrollmentAnswer;

/** The properties each vendor takes, in the form's order; `secret` ones come back masked and are kept when left so. */
export const VENDOR_FIELDS: Record<LmsVendorValue, Array<{ key: string; required?: boolean; secret?: boolean; url?: boolean }>> = {
  D2L: [
    { key: 'host', required: true, url: true },
    { key: 'clientId', required: true },
    { key: 'clientSecret', required: true, secret: true },
    { key: 'redirectUri', required: true, url: true },
    { key: 'authHost', url: true },
    { key: 'scope' },
    { key: 'studentRoleId' },
  ],
  DOCEBO: [
    { key: 'host', required: true, url: true },
    { key: 'clientId', required: true },
    { key: 'clientSecret', required: true, secret: true },
    { key: 'username' },
    { key: 'password', secret: true },
    { key: 'authCode', secret: true },
    { key: 'redirectUri', url: true },
    { key: 'ssoSecret', secret: true },
  ],
  CANVAS: [{ key: 'host', required: true, url: true }, { key: 'token', required: true, secret: true }, { key: 'accountId' }],
  INTERNAL: [{ key: 'baseUrl', required: true, url: true }],
};

export interface LmsPayload {
  vendor: LmsVendorValue;
  name: string;
  properties: Record<string, string | null>;
}

/** The form → exactly the API's body: the vendor's properties only (a masked secret is sent back as it is: the API keeps the stored one). */
export function toLmsPayload(form: Partial<LmsPayload>): LmsPayload {
  const vendor = (form.vendor ?? 'INTERNAL') as LmsVendorValue;
  const properties: Record<string, string | null> = {};
  for (const { key } of VENDOR_FIELDS[vendor]) {
    const value = form.properties?.[key];
    properties[key] = typeof value === 'string' && value.trim() ? value.trim() : null;
  }
  return { vendor, name: (form.name ?? '').trim(), properties };
}

export const statusColor: Record<LmsStatusValue, 'success' | 'default' | 'warning' | 'error'> = {
  CONNECTED: 'success',
  DISCONNECTED: 'default',
  AUTHORIZATION_REQUIRED: 'warning',
  ERROR: 'error',
};

interface Page<T> {
  content: T[];
  pagination: { total: number; page: number; size: number };
}

const at = (id: Identifier, tail = '') => `/${apiPath(LMS)}/${encodeURIComponent(String(id))}${tail}`;

/** The connection's calls beyond CRUD. */
export function lmsApi(dataProvider: Pick<AppDataProvider, 'request'>) {
  return {
    /** POST /lms_connection/{id}/test → the connection with its new status. */
    test: (id: Identifier) => dataProvider.request<LmsRecord>({ method: 'POST', path: at(id, '/test') }),
    /** POST /lms_connection/d2l_auth { code, state } → the connection D2L authorized. */
    d2lAuth: (code: string, state: string) => dataProvider.request<LmsRecord>({ method: 'POST', path: `/${apiPath(LMS)}/d2l_auth`, body: { code, state } }),
    /** GET /lms_connection/{id}/sync_runs, newest first. */
    syncRuns: (id: Identifier, size = 10) => dataProvider.request<Page<LmsSyncRun>>({ method: 'GET', path: at(id, '/sync_runs'), query: { size } }),
    /** GET /lms_connection/{id}/enrollments, newest first (status filter). */
    enrollments: (id: Identifier, status?: string, size = 10) =>
      dataProvider.request<Page<LmsEnrollment>>({ method: 'GET', path: at(id, '/enrollments'), query: status ? { size, status } : { size } }),
    /** POST /lms_connection/{id}/enrollments/{enrollmentId}/retry → the enrollment after the attempt. */
    retry: (id: Identifier, enrollmentId: number) => dataProvider.request<LmsEnrollment>({ method: 'POST', path: at(id, `/enrollments/${enrollmentId}/retry`) }),
  };
}
