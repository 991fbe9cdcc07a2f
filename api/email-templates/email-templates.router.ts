import type { Deps } from '../common/context';
import { route } from '../common/route';
import { emailTemplateBody, emailTemplateIdParams, emailTemplateListQuery } from './email-templates.schemas';
import * as emailTemplates from './email-templates.service';

/**
 * /api/email_templates (platform §7): read with `templates:read`; POST `templates:create`, PUT and
 * PATCH (undelete) `templates:update`, DELETE (archive) `templates:delete`.
 */
export function emailTemplateRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      summary: 'List email templates (category filter, size up to 200, deleted=true for the archived ones)',
      access: 'templates:read',
      query: emailTemplateListQuery,
      handle: ({ query }) => emailTemplates.listEmailTemplates(query),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Create an email template (header and footer HTML, sanitised)',
      access: 'templates:create',
      body: emailTemplateBody,
      status: 201,
      handle: ({ body, actor }) => emailTemplates.createEmailTemplate(body, actor),
    }),
    route({
      method: 'get',
      path: '/:id',
      summary: 'Get an email template',
      access: 'templates:read',
      params: emailTemplateIdParams,
      handle: ({ params }) => emailTemplates.getEmailTemplate(params.id),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Update an email template (409 EMAIL_TEMPLATE_ARCHIVED)',
      access: 'templates:update',
      params: emailTemplateIdParams,
      body: emailTemplateBody,
      handle: ({ params, body, actor }) => emailTemplates.updateEmailTemplate(params.id, body, actor),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: 'Archive an email template (deleted = true)',
      access: 'templates:delete',
      params: emailTemplateIdParams,
      handle: ({ params, actor }) => emailTemplates.archiveEmailTemplate(params.id, actor),
    }),
    route({
      method: 'patch',
      path: '/:id',
      summary: 'Undelete an archived email template',
      access: 'templates:update',
      params: emailTemplateIdParams,
      handle: ({ params, actor }) => emailTemplates.undeleteEmailTemplate(params.id, actor),
    }),
  ];
}
