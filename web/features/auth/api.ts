import type { ClaimAccount, RegisterRequest } from '../../../domain/schemas/user.ts';
import { api, lazySchema } from '../../lib/api.ts';

// The shell's logout uses this module: its schemas load on use, not with every page.
const userSchemas = () => import('../../../domain/schemas/user.ts');

export const authApi = {
  signUp: (input: RegisterRequest) =>
    api.post('/api/auth/sign-up/email', { ...input, phone: input.phone ?? '' }),
  signIn: (email: string, password: string) => api.post('/api/auth/sign-in/email', { email, password }),
  signOut: () => api.post('/api/auth/sign-out'),
  resendVerification: (email: string) =>
    api.post('/api/auth/send-verification-email', { email, callbackURL: '/login?verified=1' }),
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
