/**
 * The application status machine lives in domain/state/applications.ts (issue 16 §3: one browser-safe
 * definition for the API and both UIs); this module re-exports it for the code that imports it here.
 */
export * from '../domain/state/applications';
