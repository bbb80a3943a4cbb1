import { z } from 'zod';
import { PASSWORD_MIN_LOGIN, PASSWORD_MIN_REGISTER, PHONE_PATTERN } from '../account-rules.ts';
import { PERMISSION_KEYS } from '../permissions.ts';
import { ROLES, SIGN_UP_ROLES } from '../roles.ts';

export {
  checkPasswordRules,
  PASSWORD_MIN_LOGIN,
  PASSWORD_MIN_REGISTER,
  PASSWORD_RULES,
  PHONE_PATTERN,
  RESEND_COOLDOWN_SECONDS,
} from '../account-rules.ts';

const TERMS_REQUIRED = 'You must accept the terms and conditions';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Please enter a valid email'))
  .transform((value) => value.toLowerCase());

const requiredName = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(100, 'Must be 100 characters or fewer');

export const optionalPhone = z
  .string()
  .trim()
  .nullish()
  .refine((value) => !value || PHONE_PATTERN.test(value), 'Please enter a valid phone number')
  .transform((value) => (value ? value : null));

export const registrationPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_REGISTER, 'Password must be at least 8 characters')
  .max(128, 'Password must be 128 characters or fewer')
  .refine((p) => /[A-Z]/.test(p), 'Password must contain an uppercase letter')
  .refine((p) => /[a-z]/.test(p), 'Password must contain a lowercase letter')
  .refine((p) => /\d/.test(p), 'Password must contain a number')
  .refine((p) => /[^A-Za-z0-9\s]/.test(p), 'Password must contain a special character');

export const LoginSchema = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN_LOGIN, 'Password must be at least 6 characters'),
});
export type Login = z.infer<typeof LoginSchema>;

/** What the sign-up endpoint accepts; the server re-validates every field. */
export const RegisterRequestSchema = z.object({
  first_name: requiredName('First name is required'),
  last_name: requiredName('Last name is required'),
  email,
  phone: optionalPhone,
  role: z.enum(SIGN_UP_ROLES, { error: 'Please choose whether you want to rent or list a property' }),
  password: registrationPassword,
  /** The server refuses a sign-up without it and stores when (and which version of the terms). */
  termsAccepted: z.boolean({ error: TERMS_REQUIRED }).refine((accepted) => accepted, TERMS_REQUIRED),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/** The registration form: the request plus the password confirmation. */
export const RegisterFormSchema = RegisterRequestSchema.extend({
  confirmPassword: z.string(),
}).refine((form) => form.password === form.confirmPassword, {
  message: 'Passwords do not match',
  path: ['confirmPassword'],
});

export const EmailOnlySchema = z.object({ email });

export const ResetPasswordFormSchema = z
  .object({ password: registrationPassword, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export const ProfileUpdateSchema = z.object({
  first_name: requiredName('First name is required'),
  last_name: requiredName('Last name is required'),
  phone: optionalPhone,
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

export const ClaimAccountSchema = z.object({
  token: z.string({ error: 'Invalid registration link' }).min(1, 'Invalid registration link'),
  first_name: requiredName('First name is required'),
  last_name: requiredName('Last name is required'),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .min(1, 'Phone is required')
    .regex(PHONE_PATTERN, 'Please enter a valid phone number'),
  /** The registration rules (issue 18): an invited account is as much an account as a registered one. */
  password: registrationPassword,
});
export type ClaimAccount = z.infer<typeof ClaimAccountSchema>;

/** First message per field, for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in result)) result[key] = issue.message;
  }
  return result;
}

/** The signed-in user as the API returns it (GET /api/session, GET and PATCH /api/me). */
export const UserProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  region: z.string(),
  culture: z.string(),
  settings: z.object({
    currency: z.string(),
    dateFormat: z.string(),
    timeFormat: z.string(),
    language: z.string(),
  }),
  is_active: z.boolean(),
  parent_owner_id: z.string().nullable(),
  permissions: z.object(
    Object.fromEntries(PERMISSION_KEYS.map((key) => [key, z.boolean()])) as Record<
      (typeof PERMISSION_KEYS)[number],
      z.ZodBoolean
    >,
  ),
  created_at: z.string(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const SessionSchema = z.object({ user: UserProfileSchema.nullable() });

/** A staff invitation as the claim screen shows it (GET /api/invitations/claim). */
export const InvitationSummarySchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
});
export type InvitationSummary = z.infer<typeof InvitationSummarySchema>;

export const ClaimedAccountSchema = z.object({ email: z.string() });
