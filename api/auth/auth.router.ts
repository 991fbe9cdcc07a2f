import type { Request } from 'express';
import type { Deps } from '../common/context';
import { AppError } from '../common/errors';
import { route, type AnyRouteSpec } from '../common/route';
import { emailBody, getStartedBody, refreshBody, resetPasswordBody, signInBody, verifyCodeBody } from './auth.schemas';
import * as auth from './auth.service';
import { meAnswer } from '../../domain/contract/people';

const meta = (req: Request): auth.ClientMeta => ({ ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null });

/** /api/auth: sign-in at both doors, token rotation, logout, password links and the portal's get-started sign-up. */
export function authRoutes(deps: Deps): AnyRouteSpec[] {
  // Per client address and call; refreshes come from every open tab, so they get more room.
  const rateLimit = { max: deps.config.AUTH_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 };
  const refreshLimit = { max: deps.config.AUTH_RATE_LIMIT_PER_MINUTE * 4, windowSeconds: 60 };
  const signIn = (door: auth.Door) =>
    route({
      method: 'post',
      path: `/signin/${door}`,
      summary: door === 'admin' ? 'Sign in to the console' : 'Sign in to the portal (students and coaches)',
      access: 'public',
      rateLimit,
      body: signInBody,
      handle: ({ body, req }) => auth.signIn(deps, door, body, meta(req)),
    });
  const forgot = (door: auth.Door) =>
    route({
      method: 'post',
      path: `/${door}/forgot_password`,
      summary: 'Email a password-reset link',
      access: 'public',
      body: emailBody,
      status: 202,
      rateLimit,
      handle: ({ body }) => auth.forgotPassword(deps, door, body.email),
    });
  const reset = (door: auth.Door) =>
    route({
      method: 'post',
      path: `/${door}/reset_password`,
      summary: 'Set a password from a reset or invitation link',
      access: 'public',
      body: resetPasswordBody,
      status: 204,
      rateLimit,
      handle: ({ body }) => auth.resetPassword(deps, door, body),
    });
  return [
    signIn('admin'),
    signIn('customer'),
    route({
      method: 'post',
      path: '/signin/refresh_token',
      summary: 'Rotate a refresh token for a new token pair',
      access: 'public',
      body: refreshBody,
      rateLimit: refreshLimit,
      handle: ({ body, req }) => auth.refresh(deps, body.refreshToken, meta(req)),
    }),
    route({
      method: 'post',
      path: '/logout',
      summary: 'End every session of the caller',
      access: 'authenticated',
      status: 204,
      handle: ({ auth: principal, actor }) => auth.logout(deps, principal!, actor),
    }),
    route({
      method: 'get',
      path: '/me',
      answer: meAnswer,
      summary: 'The signed-in person (administrator, or student and coach)',
      access: 'authenticated',
      handle: ({ auth: principal }) => {
        if (!principal) throw AppError.unauthorized();
        return auth.me(deps, principal);
      },
    }),
    forgot('customer'),
    forgot('admin'),
    reset('customer'),
    reset('admin'),
    route({
      method: 'post',
      path: '/customer/get_started',
      summary: 'Start a portal sign-up; a verification code is emailed (an address with an account is emailed how to sign in instead; the answer is the same)',
      access: 'public',
      body: getStartedBody,
      status: 202,
      rateLimit,
      handle: ({ body }) => auth.getStarted(deps, body),
    }),
    route({
      method: 'post',
      path: '/customer/verify_code',
      summary: 'Confirm the emailed code: the account is created and signed in',
      access: 'public',
      body: verifyCodeBody,
      status: 201,
      rateLimit,
      handle: ({ body, req }) => auth.verifyCode(deps, body, meta(req)),
    }),
    route({
      method: 'post',
      path: '/customer/resend_code',
      summary: 'Email a new verification code for a pending sign-up (the same answer whatever the address)',
      access: 'public',
      body: emailBody,
      status: 202,
      rateLimit,
      handle: ({ body }) => auth.resendCode(deps, body.email),
    }),
  ];
}
