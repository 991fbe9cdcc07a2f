import type { Deps } from '../common/context';
import { route, type AnyRouteSpec } from '../common/route';
import { historyBody, historyListQuery, historyParams, updatePasswordBody, userIdParams, userUpdateBody } from './users.schemas';
import * as users from './users.service';
import { viewHistoryAnswer, viewHistoryPage } from '../../domain/contract/people';

/** /api/users: sign-in accounts of every kind (email, password, activation, recently viewed). */
export function userRoutes(deps: Deps): AnyRouteSpec[] {
  return [
    route({
      method: 'put',
      path: '/:id',
      summary: "Change a user's email",
      access: 'users:update',
      self: ({ params, auth }) => params.id === auth?.userId,
      params: userIdParams,
      body: userUpdateBody,
      handle: ({ params, body, auth }) => users.updateUser(params.id, body.email, auth!),
    }),
    // 'authenticated': one's own password needs no permission, another's needs users:update_password (checked in the service).
    route({
      method: 'patch',
      path: '/:id/update_password',
      summary: 'Change a password',
      access: 'authenticated',
      params: userIdParams,
      body: updatePasswordBody,
      status: 204,
      // Wrong current passwords are guesses: slow them like sign-in attempts.
      rateLimit: { max: deps.config.AUTH_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 },
      handle: ({ params, body, auth }) => users.updatePassword(params.id, body, auth!, deps),
    }),
    route({
      method: 'put',
      path: '/:id/toggle_active',
      summary: 'Activate or deactivate a user',
      access: 'users:update',
      params: userIdParams,
      handle: ({ params, auth }) => users.toggleActive(params.id, auth!),
    }),
    route({
      method: 'get',
      path: '/:id/view_histories',
      answer: viewHistoryPage,
      summary: 'Recently viewed records',
      access: 'authenticated',
      params: userIdParams,
      query: historyListQuery,
      handle: ({ params, query, auth }) => {
        users.assertOwnHistory(params.id, auth);
        return users.listViewHistories(params.id, query);
      },
    }),
    route({
      method: 'post',
      path: '/:id/view_histories',
      answer: viewHistoryAnswer,
      summary: 'Record a viewed record',
      access: 'authenticated',
      params: userIdParams,
      body: historyBody,
      status: 201,
      handle: ({ params, body, auth }) => {
        users.assertOwnHistory(params.id, auth);
        return users.recordView(params.id, body);
      },
    }),
    route({
      method: 'delete',
      path: '/:id/view_histories/:historyId',
      summary: 'Remove a viewed record',
      access: 'authenticated',
      params: historyParams,
      handle: ({ params, auth }) => {
        users.assertOwnHistory(params.id, auth);
        return users.deleteViewHistory(params.id, params.historyId);
      },
    }),
  ];
}
