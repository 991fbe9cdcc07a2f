import type { Deps } from '../common/context';
import { route } from '../common/route';
import { contentIdParams, previewBody, templateBody, templateIdParams, templateListQuery, testEmailBody } from './communication-templates.schemas';
import * as templates from './communication-templates.service';

/**
 * /api/communication_templates (back-office §7): every staff role reads (`templates:read`); create,
 * update and delete need `templates:create|update|delete` (SUPER_ADMIN and ADMISSIONS among the seeded
 * roles). The contents live under each template; a preview and a test email render through compose.ts.
 */
export function communicationTemplateRoutes(deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      summary: 'List communication templates: the picker (size up to 200, types) and the filtered list (sortBy, descending, type, category, keyword on name and key, page)',
      access: 'templates:read',
      query: templateListQuery,
      handle: ({ query }) => templates.listTemplates(query),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Create a communication template (409 TEMPLATE_KEY_TAKEN); its contents are added next, English first',
      access: 'templates:create',
      body: templateBody,
      status: 201,
      handle: ({ body, actor }) => templates.createTemplate(body, actor),
    }),
    route({
      method: 'get',
      path: '/:id',
      summary: 'Get a communication template with its contents',
      access: 'templates:read',
      params: templateIdParams,
      handle: ({ params }) => templates.getTemplate(params.id),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Update a communication template (409 SYSTEM_TEMPLATE_KEY_FIXED, TEMPLATE_KEY_TAKEN; 400 when a content still uses a removed param)',
      access: 'templates:update',
      params: templateIdParams,
      body: templateBody,
      handle: ({ params, body, actor }) => templates.updateTemplate(params.id, body, actor),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a communication template and its contents (409 SYSTEM_TEMPLATE_NOT_DELETED, TEMPLATE_IN_USE)',
      access: 'templates:delete',
      params: templateIdParams,
      handle: ({ params, actor }) => templates.deleteTemplate(params.id, actor),
    }),
    ...templates.templateContents.routes(),
    route({
      method: 'post',
      path: '/:id/content/:contentId/preview',
      summary: 'Render a content (or the unsaved texts given) with sample or given params: subject, HTML, text part and inbox text, as sends render them',
      access: 'templates:read',
      params: contentIdParams,
      body: previewBody,
      handle: ({ params, body }) => templates.previewContent(params.id, params.contentId, body),
    }),
    route({
      method: 'post',
      path: '/:id/send_test_email',
      summary:
        "Send the template in a language with sample or given params to an address (default: the signed-in administrator's), subject marked [TEST]; needs templates:update (it sends mail in the institute's name)",
      access: 'templates:update',
      params: templateIdParams,
      body: testEmailBody,
      handle: ({ params, body, actor, auth }) => templates.sendTestEmail(deps, params.id, body, actor, auth?.userId ?? null),
    }),
  ];
}
