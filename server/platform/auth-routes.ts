/**
 * The only better-auth routes served under /api/auth (docs/decisions/005-auth-routes-and-roles.md).
 * Everything else the library has (update-user, change-email, change-password, delete-user,
 * get-session, list-sessions, revoke-session(s), link/unlink-account, the OpenAPI schema, …) answers
 * 404: the web app does not use it, and profile changes go through PATCH /api/me with its rules.
 */
export const EXPOSED_AUTH_ROUTES = [
  { method: 'POST', path: '/sign-up/email', why: 'Register screen' },
  { method: 'POST', path: '/sign-in/email', why: 'Login screen' },
  { method: 'POST', path: '/sign-out', why: 'Logout in the account menu' },
  { method: 'GET', path: '/verify-email', why: 'the link in the verification email' },
  {
    method: 'POST',
    path: '/send-verification-email',
    why: 'Resend on the verify-email and login screens',
  },
  { method: 'POST', path: '/request-password-reset', why: 'Forgot Password screen' },
  { method: 'GET', path: '/reset-password/:token', why: 'the link in the password reset email' },
  { method: 'POST', path: '/reset-password', why: 'Reset Password screen' },
] as const;

/** A reset token as better-auth makes them (URL-safe characters only). */
const TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

/** Whether a request for `path` (below /api/auth, no query, not decoded) may reach better-auth. */
export function isExposedAuthRoute(method: string, path: string): boolean {
  return EXPOSED_AUTH_ROUTES.some((route) => {
    if (route.method !== method) return false;
    if (!route.path.endsWith('/:token')) return route.path === path;
    const prefix = route.path.slice(0, -':token'.length);
    return path.startsWith(prefix) && TOKEN.test(path.slice(prefix.length));
  });
}

/** The OpenAPI path of an exposed route (`/reset-password/{token}`), for filtering the library's docs. */
export function isExposedAuthDocPath(path: string): boolean {
  return EXPOSED_AUTH_ROUTES.some((route) => route.path.replace(/:(\w+)/g, '{$1}') === path);
}
