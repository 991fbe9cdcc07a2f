import type { Principal } from '../common/context';
import type { Deps } from '../common/context';
import { route } from '../common/route';
import { hasPermission } from '../../models/permissions';
import { appVersionBody, appVersionIdParams, appVersionListQuery, configurationBody } from './mobile-app.schemas';
import * as mobile from './mobile-app.service';

/** Staff who may read the configuration are told who changed it; the app and anyone else are not. */
const isStaff = (auth: Principal | null) => Boolean(auth && auth.kind === 'ADMIN' && hasPermission(auth.permissions, 'mobile_app:read'));

/**
 * /api/configuration_mobile_app (back-office spec §7): GET is public (the mobile app reads it
 * before anyone signs in); POST saves it with `mobile_app:update`.
 */
export function mobileConfigurationRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      summary: "The mobile app's configuration: minimum supported version per platform, force update, maintenance message, feature flags (no token needed)",
      access: 'public',
      handle: ({ auth }) => mobile.getConfiguration(isStaff(auth)),
    }),
    route({
      method: 'post',
      path: '/',
      summary: "Save the mobile app's configuration (409 MINIMUM_VERSION_NOT_RELEASED)",
      access: 'mobile_app:update',
      body: configurationBody,
      handle: ({ body, actor }) => mobile.saveConfiguration(body, actor),
    }),
  ];
}

/**
 * /api/app_versions (the spec's "app versions", path not shown): the list and a version are public
 * (the app reads them without a token); create, update and delete need `mobile_app:update`.
 */
export function appVersionRoutes(_deps: Deps) {
  return [
    route({
      method: 'get',
      path: '/',
      summary: 'List app versions (newest release first; keyword on the version; platform and mandatory filters; no token needed)',
      access: 'public',
      query: appVersionListQuery,
      handle: ({ query, auth }) => mobile.listAppVersions(query, isStaff(auth)),
    }),
    route({
      method: 'post',
      path: '/',
      summary: 'Add an app version (409 APP_VERSION_EXISTS)',
      access: 'mobile_app:update',
      body: appVersionBody,
      status: 201,
      handle: ({ body, actor }) => mobile.createAppVersion(body, actor),
    }),
    route({
      method: 'get',
      path: '/:id',
      summary: 'Get an app version (no token needed)',
      access: 'public',
      params: appVersionIdParams,
      handle: ({ params, auth }) => mobile.getAppVersion(params.id, isStaff(auth)),
    }),
    route({
      method: 'put',
      path: '/:id',
      summary: 'Update an app version (409 APP_VERSION_EXISTS, APP_VERSION_IN_USE)',
      access: 'mobile_app:update',
      params: appVersionIdParams,
      body: appVersionBody,
      handle: ({ params, body, actor }) => mobile.updateAppVersion(params.id, body, actor),
    }),
    route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete an app version (409 APP_VERSION_IN_USE while it is the minimum supported version)',
      access: 'mobile_app:update',
      params: appVersionIdParams,
      handle: ({ params, actor }) => mobile.deleteAppVersion(params.id, actor),
    }),
  ];
}
