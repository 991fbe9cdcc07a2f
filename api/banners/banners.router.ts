import type { Ctx, Deps } from '../common/context';
import { AppError } from '../common/errors';
import { route } from '../common/route';
import { bannerBody, bannerIdParams, bannerListQuery, publishQuery, studentBannerParams, studentParams } from './banners.schemas';
import * as banners from './banners.service';

/**
 * /api/information_banner (back-office spec §7 "Banners, configuration"): list, get, create, update
 * and publish/unpublish. Every staff role reads (`banners:read`); ACADEMIC and SUPER_ADMIN write and
 * publish (`banners:create|update|publish`).
 */
export function bannerRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      summary: 'List information banners (keyword on the title; published, type and audience filters)',
      access: 'banners:read',
      query: bannerListQuery,
      handle: ({ query }) => banners.listBanners(query),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Create an information banner (unpublished; content sanitised)',
      access: 'banners:create',
      body: bannerBody,
      status: 201,
      handle: ({ body, actor }) => banners.createBanner(body, actor),
    }),
    route({
      method: 'get',
      path: '/:id',
      summary: 'Get an information banner',
      access: 'banners:read',
      params: bannerIdParams,
      handle: ({ params }) => banners.getBanner(params.id),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Update an information banner (title, content, type, audience and its ids)',
      access: 'banners:update',
      params: bannerIdParams,
      body: bannerBody,
      handle: ({ params, body, actor }) => banners.updateBanner(params.id, body, actor),
    }),
    route({
      method: 'patch',
      path: '/:id/publish',
      summary: 'Publish (publish=true, the default) or unpublish (publish=false) an information banner',
      access: 'banners:publish',
      params: bannerIdParams,
      query: publishQuery,
      handle: ({ params, query, actor }) => banners.publishBanner(params.id, query.publish, actor),
    }),
  ];
}

const ownStudent = (ctx: Ctx<{ id: number }, unknown, unknown>) => ctx.auth?.studentId === ctx.params.id;

/** /api/students/{id}/information_banners: the banners a student sees in the portal, and their dismissal (the student only). */
export function studentBannerRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/:id/information_banners',
      summary: "The published banners of a student's audience that they have not dismissed (the most urgent first)",
      access: 'banners:read',
      self: ownStudent,
      params: studentParams,
      handle: ({ params }) => banners.studentBanners(params.id),
    }),
    route({
      method: 'post',
      path: '/:id/information_banners/:bannerId/dismiss',
      summary: 'The student dismisses a banner they see, on every device (204; 404 for a banner they do not see)',
      access: 'banners:update',
      self: ownStudent,
      params: studentBannerParams,
      status: 204,
      handle: async ({ params, auth }) => {
        // Hiding a banner is the student's own choice: staff cannot make it for them.
        if (auth?.kind !== 'STUDENT') throw AppError.forbidden();
        await banners.dismissBanner(params.id, params.bannerId);
      },
    }),
  ];
}
