import { z } from 'zod';

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
    PAYFAST_MODE: z.enum(['simulator', 'sandbox', 'live']).default('simulator'),
    PAYFAST_MERCHANT_ID: z.string().optional(),
    PAYFAST_MERCHANT_KEY: z.string().optional(),
    PAYFAST_PASSPHRASE: z.string().optional(),
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
    DEMO_DATA: booleanFlag.default(true),
    WEB_DIST_DIR: z.string().default('./dist/web'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'is required in production: without it emails would only be captured in the dev mailbox, which is never served in production',
      });
    }
    if (env.PAYFAST_MODE !== 'simulator') {
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

export type Config = z.infer<typeof ConfigSchema> & {
  PUBLIC_URL: string;
  /** False when PUBLIC_URL was not given (it then defaults to http://localhost:PORT). */
  publicUrlConfigured: boolean;
};

export class ConfigError extends Error {}

/** Settings whose development default must not reach production. */
const PRODUCTION_REQUIRED = ['RENTZA_VAT_NUMBER', 'RENTZA_ADDRESS'] as const;

/** Parses the environment once; a bad value stops the server with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = ConfigSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = result.data;
  if (config.NODE_ENV === 'production') {
    const missing = PRODUCTION_REQUIRED.filter((key) => !(key in present));
    if (missing.length > 0)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((key) => `  ${key}: is required in production (it is printed on Rentza tax invoices)`).join('\n')}`,
      );
  }
  return {
    ...config,
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
