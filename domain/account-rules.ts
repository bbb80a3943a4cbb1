/** Account rules the web shows before zod loads (no zod here); domain/schemas/user.ts builds on them. */
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
