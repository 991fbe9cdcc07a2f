import type { Ctx, Deps } from '../common/context';
import { route } from '../common/route';
import { ownApplication } from '../applications/applications.service';
import { applicationIdParams, envelopeIdParams, signBody, studentEnvelopeQuery, studentIdParams, type StudentEnvelopeQuery } from './envelopes.schemas';
import * as envelopes from './envelopes.service';
import { envelopeAnswer, envelopeListAnswer, envelopePage } from '../../domain/contract/applications';

const ownEnvelope = (ctx: Ctx<{ id: number }, unknown, unknown>) => envelopes.ownsEnvelope(ctx.auth, ctx.params.id);
const ownStudent = (ctx: Ctx<{ id: number }, unknown, unknown>) => ctx.auth?.studentId === ctx.params.id;

/** /api/applications/{id}/envelopes: an application's agreement envelopes. */
export function applicationEnvelopeRoutes(_deps: Deps) {
  return [
    route({
      method: 'post',
      path: '/:id/envelopes',
      summary: 'The current agreement envelope of an application, or a new SENT one when the terms changed',
      access: 'applications:update',
      self: ownApplication,
      params: applicationIdParams,
      handle: ({ params, actor }) => envelopes.currentOrNewEnvelope(params.id, actor),
    }),
    route({
      method: 'get',
      path: '/:id/envelopes',
      answer: envelopeListAnswer,
      summary: "An application's agreement envelopes, newest first",
      access: 'applications:read',
      self: ownApplication,
      params: applicationIdParams,
      handle: ({ params }) => envelopes.listApplicationEnvelopes(params.id),
    }),
  ];
}

/** /api/envelopes: one envelope, its PDF, signing and recreating. */
export function envelopeRoutes(deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/:id',
      answer: envelopeAnswer,
      summary: 'An agreement envelope with its text',
      access: 'applications:read',
      self: ownEnvelope,
      params: envelopeIdParams,
      handle: ({ params }) => envelopes.getEnvelope(params.id),
    }),
    route({
      method: 'get',
      path: '/:id/pdf',
      summary: 'The agreement as a PDF (with the signature block once signed)',
      access: 'applications:read',
      self: ownEnvelope,
      params: envelopeIdParams,
      handle: async ({ params, res }) => {
        const { fileName, pdf } = await envelopes.envelopeFile(params.id);
        res
          .status(200)
          .set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' })
          .send(pdf);
      },
    }),
    route({
      method: 'post',
      path: '/:id/sign',
      summary: 'Sign an agreement with the typed full name (the student only)',
      access: 'applications:update',
      self: ownEnvelope,
      params: envelopeIdParams,
      body: signBody,
      handle: ({ params, body, auth, actor, req }) => envelopes.signEnvelope(deps, params.id, body.signedName, auth, actor, req.ip ?? null),
    }),
    route({
      method: 'post',
      path: '/:id/recreate',
      summary: 'Void an envelope and make a fresh SENT one (students while the application is CREATED)',
      access: 'applications:update',
      self: ownEnvelope,
      params: envelopeIdParams,
      status: 201,
      handle: ({ params, auth, actor }) => envelopes.recreateEnvelope(params.id, auth, actor),
    }),
  ];
}

/** /api/students/{id}/envelopes: a student's agreement envelopes. */
export function studentEnvelopeRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/:id/envelopes',
      answer: envelopePage,
      summary: "A student's agreement envelopes (size 10, newest first; status)",
      access: 'applications:read',
      self: ownStudent,
      params: studentIdParams,
      query: studentEnvelopeQuery,
      handle: ({ params, query }) => envelopes.listStudentEnvelopes(params.id, query as StudentEnvelopeQuery),
    }),
  ];
}
