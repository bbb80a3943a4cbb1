import type { RegisterRequest } from '../../../domain/schemas/user.ts';
import { api } from '../../lib/api.ts';

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
    api.get<{ email: string; first_name: string; last_name: string; phone: string | null }>(
      `/api/invitations/claim?token=${encodeURIComponent(token)}`,
    ),
  claimInvitation: (input: {
    token: string;
    first_name: string;
    last_name: string;
    phone: string;
    password: string;
  }) => api.post<{ email: string }>('/api/invitations/claim', input),
};
