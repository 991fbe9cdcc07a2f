import express, { Router } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { validationSettings } from '../models/validation';
import type { Deps } from './common/context';
import { countCache } from './common/count-cache';
import { errorHandler, notFoundHandler } from './common/errors';
import { openApiDocument, resetOpenApi } from './common/openapi';
import { mount, routeRegistry, type RouteSpec } from './common/route';
import { adminRoutes } from './admins/admins.router';
import { authRoutes } from './auth/auth.router';
import { customerRoutes } from './customers/customers.router';
import { healthRoutes } from './health/health.router';
import { lookupRoutes } from './lookups/lookups.router';
import { roleRoutes } from './roles/roles.router';
import { searchFilterRoutes } from './search-filters/search-filters.router';
import { studentRoutes } from './students/students.router';
import { userRoutes } from './users/users.router';

/** Every API area: URL prefix, OpenAPI tag, and its routes. */
const AREAS: Array<[string, string, (deps: Deps) => Array<RouteSpec<any, any, any>>]> = [
  ['/api', 'Health', healthRoutes],
  ['/api/auth', 'Auth', authRoutes],
  ['/api/admins', 'Administrators', adminRoutes],
  ['/api/roles', 'Roles', roleRoutes],
  ['/api/users', 'Users', userRoutes],
  ['/api/students', 'Students', studentRoutes],
  ['/api/customers', 'Customers', customerRoutes],
  ['/api/search_filters', 'Saved filters', searchFilterRoutes],
  ['/api/public', 'Public', lookupRoutes],
];

const SECRET_PARAMS = /([?&](?:token|code|refreshToken|password)=)[^&]*/gi;
/** A URL fit for the log: one-time link tokens and codes replaced. */
export function maskQuery(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** The Express app without listening: what the server starts and what tests drive. */
export function createApp(deps: Deps): express.Express {
  validationSettings.providerName = deps.config.PROVIDER_NAME;
  countCache.configure(deps.config.LIST_COUNT_CACHE_SECONDS);
  routeRegistry.length = 0;
  resetOpenApi();

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'extended');
  app.use(helmet());
  app.use(
    pinoHttp({
      logger: deps.log,
      autoLogging: { ignore: (req) => req.url === '/api/health' },
      quietReqLogger: true,
      // Method, path and status only: no headers, and link tokens in query strings are masked.
      serializers: {
        req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({ id: req.id, method: req.method, url: maskQuery(req.url), ip: req.remoteAddress }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use('/api', express.json({ limit: '1mb' }));

  for (const [prefix, tag, routes] of AREAS) {
    const router = Router({ mergeParams: true });
    mount(router, deps, tag, prefix, routes(deps));
    app.use(prefix, router);
  }
  app.get('/api/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });
  app.use('/api', notFoundHandler);

  // Until the console and the portal land, their paths answer a plain page saying so.
  const placeholder = (what: string) => (_req: express.Request, res: express.Response) => {
    res.type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${what}</title></head><body><h1>${what}</h1><p>This screen is being built. The API is served under <a href="/api/openapi.json">/api</a>.</p></body></html>`);
  };
  app.get(['/admin', '/admin/{*splat}'], placeholder('Staff console'));
  app.get('/{*splat}', placeholder('Student portal'));

  app.use(errorHandler(deps.log));
  return app;
}
