import { isSafeReturnUrl, verificationCallbackUrl } from '../../../domain/return-url.ts';
import type { ClaimAccount, RegisterRequest } from '../../../domain/schemas/user.ts';
import { api, lazySchema } from '../../lib/api.ts';

// The shell's logout uses this module: its schemas load on use, not with every page.
const userSchemas = () => import('../../../domain/schemas/user.ts');

export const authApi = {
  /** `returnUrl`: where the verification link's login goes on to (the server keeps it same-site only). */
  signUp: (input: RegisterRequest, returnUrl?: string | null) =>
    api.post('/api/auth/sign-up/email', {
      ...input,
      phone: input.phone ?? '',
      ...(isSafeReturnUrl(returnUrl) ? { returnUrl } : {}),
    }),
  signIn: (email: string, password: string) => api.post('/api/auth/sign-in/email', { email, password }),
  signOut: () => api.post('/api/auth/sign-out'),
  resendVerification: (email: string, returnUrl?: string | null) =>
    api.post('/api/auth/send-verification-email', {
      email,
      callbackURL: verificationCallbackUrl(returnUrl),
    }),
  requestPasswordReset: (email: string) =>
    api.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }),
  resetPassword: (token: string, newPassword: string) =>
    api.post('/api/auth/reset-password', { token, newPassword }),
  describeInvitation: (token: string) =>
    api.get(
      `/api/invitations/claim?token=${encodeURIComponent(token)}`,
      lazySchema(userSchemas, (m) => m.InvitationSummarySchema),
    ),
  claimInvitation: (input: ClaimAccount) =>
    api.post(
      '/api/invitations/claim',
      input,
      lazySchema(userSchemas, (m) => m.ClaimedAccountSchema),
    ),
};
