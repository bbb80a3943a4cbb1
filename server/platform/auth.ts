import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { openAPI } from 'better-auth/plugins';
import { type Kysely, sql } from 'kysely';
import { MESSAGES } from '../../domain/errors.ts';
import {
  EmailOnlySchema,
  RESEND_COOLDOWN_SECONDS,
  RegisterRequestSchema,
  registrationPassword,
} from '../../domain/schemas/user.ts';
import { TERMS_VERSION } from '../../domain/terms.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { linkClientsToUser } from '../modules/clients/client.repository.ts';
import { ensureStarterSubscription } from '../modules/subscriptions/subscription.repository.ts';
import {
  PASSWORD_RESET_SUBJECT,
  passwordResetMail,
  VERIFICATION_SUBJECT,
  verificationMail,
} from './mail/templates.ts';
import type { OutgoingMail } from './mail/transports.ts';

export const SIGN_IN_FAILURE_LIMIT = 5;
export const SIGN_IN_FAILURE_WINDOW_MINUTES = 15;

interface AuthDeps {
  db: Kysely<Database>;
  config: Config;
  secret: string;
  sendMail: (mail: OutgoingMail) => Promise<void>;
}

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

export function createAuth({ db, config, secret, sendMail }: AuthDeps) {
  return betterAuth({
    appName: 'Rentza',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret,
    // With PUBLIC_URL set only it is trusted. Without one, a request is trusted from the address it
    // came to (server/app.ts puts it in the request URL), so the app works wherever it is opened;
    // links in emails keep using PUBLIC_URL's default, http://localhost:PORT.
    trustedOrigins: config.publicUrlConfigured
      ? [config.PUBLIC_URL]
      : async (request) => (request ? [new URL(request.url).origin] : []),
    database: { db, type: 'postgres' },
    // Explicit: better-auth turns the origin (CSRF) check off by default when NODE_ENV is 'test'.
    advanced: {
      database: { generateId: 'uuid' },
      disableOriginCheck: false,
      // Secure (and __Secure- prefixed) cookies exactly when users reach us over https.
      useSecureCookies: config.PUBLIC_URL.startsWith('https:'),
    },
    rateLimit: { enabled: false },
    logger: { level: 'error' },
    plugins: [openAPI({ disableDefaultReference: true })],
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', ...timestamps },
      additionalFields: {
        first_name: { type: 'string', required: true },
        last_name: { type: 'string', required: true },
        phone: { type: 'string', required: false },
        // Nothing a person sends writes these (input: false): the sign-up role is set by the user
        // create hook below from the checked sign-up body; staff, permissions and the active flag only
        // change through our own routes with their access checks.
        role: { type: 'string', required: false, input: false, defaultValue: 'client' },
        is_active: { type: 'boolean', required: false, input: false, defaultValue: true },
        parent_owner_id: { type: 'string', required: false, input: false },
        terms_accepted_at: { type: 'date', required: false, input: false, returned: false },
        terms_version: { type: 'string', required: false, input: false, returned: false },
      },
    },
    session: {
      modelName: 'sessions',
      fields: {
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        userId: 'user_id',
        ...timestamps,
      },
      expiresIn: 60 * 60 * 24 * 7,
    },
    account: {
      modelName: 'accounts',
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...timestamps,
      },
    },
    verification: { modelName: 'verifications', fields: { expiresAt: 'expires_at', ...timestamps } },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await sendMail(passwordResetMail(user.email, user.name, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await sendMail(verificationMail(user.email, user.name, url));
      },
      // The plan is normally created with the account; verifying is the last step before an owner
      // can sign in, so make sure it exists by then (idempotent).
      afterEmailVerification: async (user) => {
        if ((user as { role?: string }).role === 'owner') await ensureStarterSubscription(db, user.id);
        await linkClientsToUser(db, user);
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Users are created through the auth library only by signing up (the before hook below has
          // checked the body): the role chosen there and the acceptance of the current terms.
          // Hook bodies are merged into the request, so the sign-up hook cannot clear an empty phone.
          before: async (user, ctx) => {
            const signUp = SignUpChoicesSchema.safeParse(ctx?.path === '/sign-up/email' ? ctx.body : null);
            if (!signUp.success) throw new APIError('FORBIDDEN', { message: MESSAGES.forbidden });
            return {
              data: {
                ...user,
                phone: user.phone || null,
                role: signUp.data.role,
                terms_accepted_at: new Date(),
                terms_version: TERMS_VERSION,
              },
            };
          },
          // Every owner starts on the free Starter plan; bookings already made for the email show up.
          after: async (user) => {
            if ((user as { role?: string }).role === 'owner') await ensureStarterSubscription(db, user.id);
            await linkClientsToUser(db, user);
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            const user = await db
              .selectFrom('users')
              .select('is_active')
              .where('id', '=', session.userId)
              .executeTakeFirst();
            if (!user?.is_active) throw new APIError('FORBIDDEN', { message: MESSAGES.accountDeactivated });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          const parsed = RegisterRequestSchema.safeParse(ctx.body);
          if (!parsed.success) {
            throw new APIError('BAD_REQUEST', {
              message: parsed.error.issues[0]?.message ?? 'Invalid registration',
            });
          }
          const existing = await db
            .selectFrom('users')
            .select('id')
            .where('email', '=', parsed.data.email)
            .executeTakeFirst();
          if (existing) throw new APIError('UNPROCESSABLE_ENTITY', { message: MESSAGES.alreadyRegistered });
          const body = {
            ...parsed.data,
            phone: parsed.data.phone ?? undefined,
            name: `${parsed.data.first_name} ${parsed.data.last_name}`,
            callbackURL: '/login?verified=1',
          };
          return { context: { ...ctx, body } };
        }
        if (ctx.path === '/reset-password' || ctx.path === '/change-password') {
          const password = registrationPassword.safeParse(ctx.body?.newPassword);
          if (!password.success) {
            throw new APIError('BAD_REQUEST', {
              message: password.error.issues[0]?.message ?? 'Invalid password',
            });
          }
        }
        if (ctx.path === '/sign-in/email') {
          const email = EmailOnlySchema.safeParse(ctx.body);
          if (email.success && (await countRecentFailures(db, email.data.email)) >= SIGN_IN_FAILURE_LIMIT) {
            throw new APIError('TOO_MANY_REQUESTS', { message: MESSAGES.rateLimited });
          }
        }
        if (ctx.path === '/send-verification-email' || ctx.path === '/request-password-reset') {
          const email = EmailOnlySchema.safeParse(ctx.body);
          if (!email.success) {
            throw new APIError('BAD_REQUEST', {
              message: email.error.issues[0]?.message ?? 'Email is required',
            });
          }
          const subject =
            ctx.path === '/send-verification-email' ? VERIFICATION_SUBJECT : PASSWORD_RESET_SUBJECT;
          const wait = await secondsUntilResendAllowed(db, email.data.email, subject);
          if (wait > 0) {
            throw new APIError('TOO_MANY_REQUESTS', {
              message: `Please wait ${wait} seconds before requesting another email.`,
            });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email') return;
        const email = EmailOnlySchema.safeParse(ctx.body);
        if (!email.success) return;
        const returned = ctx.context.returned;
        const failed = returned instanceof APIError && returned.statusCode === 401;
        if (failed) {
          await db.insertInto('sign_in_failures').values({ email: email.data.email }).execute();
        } else if (!(returned instanceof APIError)) {
          await db.deleteFrom('sign_in_failures').where('email', '=', email.data.email).execute();
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** What the user create hook takes from the (already checked) sign-up body. */
const SignUpChoicesSchema = RegisterRequestSchema.pick({ role: true, termsAccepted: true });

async function countRecentFailures(db: Kysely<Database>, email: string): Promise<number> {
  const row = await db
    .selectFrom('sign_in_failures')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email', '=', email)
    .where('failed_at', '>', sql<Date>`now() - make_interval(mins => ${SIGN_IN_FAILURE_WINDOW_MINUTES})`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The 60-second cool-down between account emails of one kind, enforced per address on the server too. */
async function secondsUntilResendAllowed(
  db: Kysely<Database>,
  email: string,
  subject: string,
): Promise<number> {
  const row = await db
    .selectFrom('email_outbox')
    .select(
      sql<number>`ceil(extract(epoch from (max(created_at) + make_interval(secs => ${RESEND_COOLDOWN_SECONDS}) - now())))`.as(
        'wait',
      ),
    )
    .where('to_address', '=', email)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return Math.max(0, Number(row?.wait ?? 0));
}
