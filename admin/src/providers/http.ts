/**
 * The console's HTTP client is the one both UIs share, in domain/http/client.ts (issue 16 §3); this
 * module re-exports it for the console's code and tests that import it here.
 */
export * from '../../../domain/http/client';
