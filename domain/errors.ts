export const MESSAGES = {
  alreadyRegistered: 'You are already registered with this email address. Please try logging in instead.',
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  emailNotConfirmed: 'Please check your email and click the confirmation link before logging in.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  invalidEmail: 'Please enter a valid email address.',
  rateLimited: 'Too many attempts. Please wait a few minutes before trying again.',
  network: 'Network connection error. Please check your internet connection and try again.',
  technical: 'A technical error occurred. Please try again or contact support if the problem persists.',
  registrationUnavailable: 'Registration temporarily unavailable. Please try again in a few minutes.',
  registrationFailed: 'Registration failed. Please try again or contact support if the problem persists.',
  unexpected: 'An unexpected error occurred. Please try again or contact support if the problem persists.',
  unauthorized: 'You are not authorized to perform this action. Please log in and try again.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'The requested information could not be found.',
  serverError: 'A server error occurred. Please try again later or contact support.',
  accountDeactivated: 'Your account has been deactivated. Please contact the business that invited you.',
} as const;

const FRIENDLY = new Set<string>(Object.values(MESSAGES));

const REFUSED_ORIGIN =
  'This server does not accept sign-in or registration from the address this page was opened at';

/**
 * What the server answers when it refuses a request for coming from an address it does not trust
 * (better-auth's INVALID_ORIGIN): the address to use instead when one is configured.
 */
export function refusedOriginMessage(publicUrl: string | null): string {
  return publicUrl
    ? `${REFUSED_ORIGIN}. Please open Rentza at ${publicUrl} and try again.`
    : `${REFUSED_ORIGIN}. Please open Rentza directly (not through another site) and try again.`;
}

/**
 * Guidance our own server writes for people ("Please wait 42 seconds before requesting another
 * email.", "Please enter a valid email") is already friendly and passes through unchanged.
 */
function isOwnGuidance(text: string): boolean {
  return /^Please (wait|enter|choose) [^<>]{1,160}$/.test(text);
}

/**
 * The spec's auth error translation, row by row. Our server (better-auth) words some errors
 * differently from the earlier hosted service, so each row matches both wordings.
 */
const AUTH_ROWS: Array<[RegExp, string]> = [
  [/already registered|already exists|duplicate key/i, MESSAGES.alreadyRegistered],
  [/invalid login credentials|invalid email or password/i, MESSAGES.invalidCredentials],
  [/email not confirmed|email not verified/i, MESSAGES.emailNotConfirmed],
  [
    /invalid password|password (is )?too short|under 6 characters|at least 6 characters/i,
    MESSAGES.passwordTooShort,
  ],
  [/unable to validate email|invalid email/i, MESSAGES.invalidEmail],
  [/email rate limit|too many (requests|attempts)/i, MESSAGES.rateLimited],
  [/network ?error|failed to fetch/i, MESSAGES.network],
  [/database error|foreign key/i, MESSAGES.technical],
  [/role.*enum|enum.*role|invalid input value for enum/i, MESSAGES.registrationUnavailable],
];

export function translateAuthError(message: string | null | undefined): string {
  const text = (message ?? '').trim();
  if (text === '' || text === 'Registration failed') return MESSAGES.registrationFailed;
  if (FRIENDLY.has(text) || isOwnGuidance(text) || text.startsWith(REFUSED_ORIGIN)) return text;
  for (const [pattern, translated] of AUTH_ROWS) {
    if (pattern.test(text)) return translated;
  }
  return MESSAGES.unexpected;
}

/** The spec's general translation, for errors outside the auth screens. */
export function translateGeneralError(error: { status?: number; message?: string | null }): string {
  const text = error.message ?? '';
  if (/network ?error|failed to fetch/i.test(text)) return MESSAGES.network;
  if (error.status === 401 || /unauthori[sz]ed/i.test(text)) return MESSAGES.unauthorized;
  if (error.status === 403 || /forbidden/i.test(text)) return MESSAGES.forbidden;
  if (error.status === 404 || /not found/i.test(text)) return MESSAGES.notFound;
  if (error.status === 500 || /internal server error/i.test(text)) return MESSAGES.serverError;
  return MESSAGES.unexpected;
}

/** The login screen offers "Resend verification email" when sign-in failed for want of verification. */
export function needsEmailVerification(error: { code?: string; message?: string | null }): boolean {
  return (
    error.code === 'EMAIL_NOT_VERIFIED' || /verify|not verified|not confirmed/i.test(error.message ?? '')
  );
}
