import { z } from 'zod';
import { parseTrustProxy } from './http/trust-proxy.ts';

const optionalUrl = z.url().optional();
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    PUBLIC_URL: optionalUrl,
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().min(3).default('Rentza <no-reply@rentza.co.za>'),
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('af-south-1'),
    /** Required in production (sandbox or live); the simulator by default elsewhere. */
    PAYFAST_MODE: z.enum(['simulator', 'sandbox', 'live']).optional(),
    PAYFAST_MERCHANT_ID: z.string().optional(),
    PAYFAST_MERCHANT_KEY: z.string().optional(),
    PAYFAST_PASSPHRASE: z.string().optional(),
    /**
     * 32 random bytes, base64: encrypts owners' PayFast merchant keys and passphrases at rest
     * (docs/decisions/057). Required in production; a fixed development key elsewhere.
     */
    PAYMENT_CREDENTIALS_KEY: z
      .string()
      .refine(
        (value) => Buffer.from(value, 'base64').length === 32,
        'must be 32 random bytes, base64-encoded',
      )
      .optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Where the Stripe client sends API calls (default Stripe's own); tests point it at a local fake. */
    STRIPE_API_BASE: optionalUrl,
    /** Comma-separated IPv4 addresses or CIDR ranges PayFast notifies from; defaults to PayFast's published ranges. */
    PAYFAST_ALLOWED_SOURCES: z.string().optional(),
    /** The seller on Rentza's own tax invoices (subscription billing). Required in production. */
    RENTZA_LEGAL_NAME: z.string().min(2).default('Rentza (Pty) Ltd'),
    RENTZA_VAT_NUMBER: z
      .string()
      .regex(/^4\d{9}$/, 'must be a South African VAT number: 10 digits starting with 4')
      .default('4000000000'),
    RENTZA_ADDRESS: z.string().min(5).default('1 Loop Street, Cape Town, 8001'),
    RENTZA_BILLING_EMAIL: z.email().default('billing@rentza.co.za'),
    /**
     * Per-address throttles (docs/decisions/024): sign-in failures across accounts per 15 minutes,
     * sign-ups per hour, and reset or verification email requests (each kind) per hour.
     */
    SIGN_IN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
    SIGN_UPS_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
    ACCOUNT_EMAILS_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Defaults to true outside production and false in production, where true is refused. */
    DEMO_DATA: booleanFlag.optional(),
    /** Serves the API reference at /api/docs; defaults to true outside production, false in production. */
    API_DOCS: booleanFlag.optional(),
    /** Which proxies may set X-Forwarded-*: off (the default), a hop count, or addresses/CIDR ranges. */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    WEB_DIST_DIR: z.string().default('./dist/web'),
    /**
     * TEST ONLY (docs/decisions/053): comma-separated addresses or address:port pairs that calendar
     * import may fetch from although they are not public, e.g. "127.0.0.1" for a journey's fixture
     * server. Empty by default; refused in production.
     */
    CALENDAR_IMPORT_ALLOW_PRIVATE_HOSTS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
    /** Requests a minute to one listing's iCal feed (docs/decisions/052); calendar apps poll far less often. */
    ICAL_FEED_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** How often the balance reminders run (docs/decisions/062); each reminder still goes out once. */
    PAYMENT_REMINDERS_EVERY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      if (!env.PAYFAST_MODE)
        ctx.addIssue({
          code: 'custom',
          path: ['PAYFAST_MODE'],
          message: 'is required in production: set sandbox or live (the simulator is for development only)',
        });
      else if (env.PAYFAST_MODE === 'simulator')
        ctx.addIssue({
          code: 'custom',
          path: ['PAYFAST_MODE'],
          message:
            'must be sandbox or live in production: the simulator would let anyone complete a payment without paying',
        });
      if (env.CALENDAR_IMPORT_ALLOW_PRIVATE_HOSTS.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: ['CALENDAR_IMPORT_ALLOW_PRIVATE_HOSTS'],
          message:
            'must be empty in production: it lets owners make the server fetch internal addresses (test fixtures only)',
        });
      if (env.DEMO_DATA === true)
        ctx.addIssue({
          code: 'custom',
          path: ['DEMO_DATA'],
          message: 'must be false in production: the demo accounts have published passwords',
        });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'is required in production: without it emails would only be captured in the dev mailbox, which is never served in production',
      });
    }
    if (env.PAYFAST_MODE === 'sandbox' || env.PAYFAST_MODE === 'live') {
      for (const key of ['PAYFAST_MERCHANT_ID', 'PAYFAST_MERCHANT_KEY', 'PAYFAST_PASSPHRASE'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `is required when PAYFAST_MODE is ${env.PAYFAST_MODE} (subscriptions need a passphrase)`,
          });
      }
    }
    const s3 = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    const given = s3.filter((key) => env[key]);
    if (given.length > 0 && given.length < s3.length) {
      for (const key of s3.filter((k) => !env[k])) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required when any S3_* setting is given' });
      }
    }
  });

export type Config = Omit<z.infer<typeof ConfigSchema>, 'PAYFAST_MODE' | 'DEMO_DATA' | 'API_DOCS'> & {
  PAYFAST_MODE: 'simulator' | 'sandbox' | 'live';
  DEMO_DATA: boolean;
  API_DOCS: boolean;
  PUBLIC_URL: string;
  /** False when PUBLIC_URL was not given (it then defaults to http://localhost:PORT). */
  publicUrlConfigured: boolean;
};

export class ConfigError extends Error {}

/** Settings whose development default must not reach production. */
const PRODUCTION_REQUIRED = {
  RENTZA_VAT_NUMBER: 'it is printed on Rentza tax invoices',
  RENTZA_ADDRESS: 'it is printed on Rentza tax invoices',
  PUBLIC_URL: 'links in emails and PayFast callbacks use it, and only its origin may sign in or send changes',
  AUTH_SECRET:
    'sessions are signed with it; a secret generated into DATA_DIR differs on every server and is lost with the disk',
  PAYMENT_CREDENTIALS_KEY:
    "owners' PayFast merchant keys and passphrases are encrypted with it; without it they could not be read back",
} as const;

/** Parses the environment once; a bad value stops the server with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = ConfigSchema.safeParse(present);
  const lines = result.success
    ? []
    : result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  if (present.NODE_ENV === 'production') {
    for (const [key, why] of Object.entries(PRODUCTION_REQUIRED))
      if (!(key in present)) lines.push(`  ${key}: is required in production (${why})`);
  }
  if (!result.success || lines.length > 0)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  const config = result.data;
  const development = config.NODE_ENV !== 'production';
  return {
    ...config,
    PAYFAST_MODE: config.PAYFAST_MODE ?? 'simulator',
    DEMO_DATA: config.DEMO_DATA ?? development,
    API_DOCS: config.API_DOCS ?? development,
    PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    publicUrlConfigured: config.PUBLIC_URL !== undefined,
  };
}

export function isSmtpConfigured(config: Config): boolean {
  return Boolean(config.SMTP_URL);
}

/**
 * The dev mailbox (GET /api/dev/mailbox, no sign-in, every captured email including reset links) is
 * served only when no mail transport is configured and the server is not in production.
 */
export function isDevMailboxEnabled(config: Config): boolean {
  return !isSmtpConfigured(config) && config.NODE_ENV !== 'production';
}

/** The PayFast simulator's pages and API exist only in simulator mode, and never in production. */
export function isPayfastSimulatorServed(config: Config): boolean {
  return config.PAYFAST_MODE === 'simulator' && config.NODE_ENV !== 'production';
}

/**
 * Whether texts can be sent. Rentza has no SMS provider integration, so no setting can make it true:
 * the notification settings report it (sms_available) so the screen hides the SMS switch and the
 * server refuses switching SMS on (docs/decisions/042). A provider's settings would decide it here.
 */
export function isSmsAvailable(_config: Config): boolean {
  return false;
}
