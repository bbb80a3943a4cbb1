import { RESEND_COOLDOWN_SECONDS } from '../../domain/schemas/user.ts';
import type { Config } from '../config.ts';
import type { BackoffRule, ThrottleRule, WindowRule } from './auth-throttle.ts';

/**
 * The address a request to the auth library came from, as Fastify resolved it: server/app.ts sets this
 * header on every request it passes on, replacing any value the client sent.
 */
export const CLIENT_ADDRESS_HEADER = 'x-rentza-client-address';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Wrong passwords one address may try for one account before it has to wait (then 1, 2, 4 … 60 minutes). */
export const SIGN_IN_FREE_FAILURES = 5;
/** Wrong passwords for one account from all addresses together per window: far above what one address gets. */
export const SIGN_IN_ACCOUNT_LIMIT = 50;
export const SIGN_IN_WINDOW_SECONDS = 15 * MINUTE;

/** The rules a sign-in attempt is counted against before its password is checked. */
export function signInRules(config: Config, address: string, email: string): ThrottleRule[] {
  const pair: BackoffRule = {
    key: signInPairKey(address, email),
    freeAttempts: SIGN_IN_FREE_FAILURES,
    baseSeconds: MINUTE,
    maxSeconds: HOUR,
    forgetAfterSeconds: 24 * HOUR,
  };
  const account: WindowRule = {
    key: `sign-in:account:${email}`,
    limit: SIGN_IN_ACCOUNT_LIMIT,
    windowSeconds: SIGN_IN_WINDOW_SECONDS,
  };
  const fromAddress: WindowRule = {
    key: `sign-in:address:${address}`,
    limit: config.SIGN_IN_FAILURES_PER_ADDRESS,
    windowSeconds: SIGN_IN_WINDOW_SECONDS,
  };
  return [pair, account, fromAddress];
}

export function signInPairKey(address: string, email: string): string {
  return `sign-in:pair:${address}:${email}`;
}

export function signUpRule(config: Config, address: string): WindowRule {
  return { key: `sign-up:address:${address}`, limit: config.SIGN_UPS_PER_ADDRESS, windowSeconds: HOUR };
}

export type AccountEmailKind = 'reset' | 'verification';

/** One email of a kind per address per cool-down, recorded whether or not the address has an account. */
export function emailCooldownRule(kind: AccountEmailKind, email: string): WindowRule {
  return { key: `cool-down:${kind}:${email}`, limit: 1, windowSeconds: RESEND_COOLDOWN_SECONDS };
}

export function accountEmailAddressRule(config: Config, kind: AccountEmailKind, address: string): WindowRule {
  return {
    key: `${kind}:address:${address}`,
    limit: config.ACCOUNT_EMAILS_PER_ADDRESS,
    windowSeconds: HOUR,
  };
}

/** The "someone tried to register with your address" notice: at most one an hour per account. */
export function existingAccountNoticeRule(email: string): WindowRule {
  return { key: `notice:existing-sign-up:${email}`, limit: 1, windowSeconds: HOUR };
}
