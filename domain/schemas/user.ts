import { z } from 'zod';
import { SIGN_UP_ROLES } from '../roles.ts';

export const PASSWORD_MIN_LOGIN = 6;
export const PASSWORD_MIN_REGISTER = 8;
export const RESEND_COOLDOWN_SECONDS = 60;

/** The live checklist on the registration screen, in display order. */
export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= PASSWORD_MIN_REGISTER },
  { id: 'upper', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'One number', test: (p: string) => /\d/.test(p) },
  { id: 'special', label: 'One special character', test: (p: string) => /[^A-Za-z0-9\s]/.test(p) },
] as const;

export function checkPasswordRules(password: string) {
  return PASSWORD_RULES.map((rule) => ({ id: rule.id, label: rule.label, met: rule.test(password) }));
}

/** 10 digits, optional leading plus, optional brackets around the first three, optional separators. */
export const PHONE_PATTERN = /^\+?(?:\(\d{3}\)|\d{3})[-.\s]?\d{3}[-.\s]?\d{4}$/;

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Please enter a valid email'))
  .transform((value) => value.toLowerCase());

const requiredName = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(100, 'Must be 100 characters or fewer');

const optionalPhone = z
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
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/** The registration form: the request plus confirmation and terms. */
export const RegisterFormSchema = RegisterRequestSchema.extend({
  confirmPassword: z.string(),
  termsAccepted: z.boolean().refine((v) => v, 'You must accept the terms and conditions'),
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
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_REGISTER, 'Password must be at least 8 characters')
    .max(128),
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
