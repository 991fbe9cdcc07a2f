import { AsyncLocalStorage } from 'node:async_hooks';
import type { Request, Response } from 'express';
import type { Sequelize } from 'sequelize';
import type { Config } from '../config';
import type { Logger } from 'pino';
import type { Mailer } from '../integrations/mail';
import type { Storage } from '../integrations/storage';

/** The signed-in caller of a request. */
export interface Principal {
  userId: number;
  kind: 'ADMIN' | 'STUDENT' | 'COACH';
  administratorId?: number;
  studentId?: number;
  coachId?: number;
  name: string;
  permissions: string[];
}

/** Who made a change, as recorded in updatedBy and the activity log. */
export interface Actor {
  userId: number | null;
  name: string;
}

export const systemActor: Actor = { userId: null, name: 'System' };

export function actorOf(p: Principal | null | undefined): Actor {
  return p ? { userId: p.userId, name: p.name } : systemActor;
}

/** What createApp is given: the process-wide dependencies every service may use. */
export interface Deps {
  config: Config;
  sequelize: Sequelize;
  log: Logger;
  mailer: Mailer;
  cdnPrivateKey: string;
  /** Uploads and exports (a local folder, or an S3-compatible store by configuration). */
  storage: Storage;
  /** The job scheduler of this process when api/server.ts started one (api/jobs/scheduler.ts): /api/health reports it, schedule edits reload it. */
  scheduler?: { status(): { state: string; owner: string; schedules: number; running: number; lastReloadAt: string | null }; reload(): Promise<void> };
}

/** What a route handler receives: validated input, the caller, and the dependencies. */
export interface Ctx<P = unknown, Q = unknown, B = unknown> {
  params: P;
  query: Q;
  body: B;
  auth: Principal | null;
  actor: Actor;
  deps: Deps;
  req: Request;
  res: Response;
}

/** What every log line of a request carries (api/common/request-id.ts runs each request inside it). */
export interface RequestScope {
  requestId: string;
}

/** The request a piece of code runs for, wherever it is in the call chain (pino's mixin reads it). */
export const requestScope = new AsyncLocalStorage<RequestScope>();

/** The id of the request being served, if any (undefined in jobs, start-up and tests without a request). */
export const currentRequestId = (): string | undefined => requestScope.getStore()?.requestId;
