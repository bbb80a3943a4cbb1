import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { openAPI } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { MESSAGES } from '../../domain/errors.ts';
import { verificationCallbackUrl } from '../../domain/return-url.ts';
import {
  EmailOnlySchema,
  type RegisterRequest,
  RegisterRequestSchema,
  registrationPassword,
} from '../../domain/schemas/user.ts';
import { TERMS_VERSION } from '../../domain/terms.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { linkClientsToUser } from '../modules/clients/client.repository.ts';
import { ensureStarterSubscription } from '../modules/subscriptions/subscription.repository.ts';
import {
  type AccountEmailKind,
  accountEmailAddressRule,
  CLIENT_ADDRESS_HEADER,
  emailCooldownRule,
  existingAccountNoticeRule,
  signInPairKey,
  signInRules,
  signUpRule,
} from './auth-limits.ts';
import { forgetAttempts, releaseAttempt, reserveAttempt } from './auth-throttle.ts';
import { existingAccountSignUpMail, passwordResetMail, verificationMail } from './mail/templates.ts';
import type { OutgoingMail } from './mail/transports.ts';

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
      // The address Fastify resolved (server/app.ts replaces any client-sent value), for sessions too.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
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
      // A sign-up with a registered address answers as a new one does (better-auth's synthetic user;
      // the after hook below gives both the same shape); the address's owner is told by email.
      onExistingUserSignUp: async ({ user }) => {
        const notice = await reserveAttempt(db, [existingAccountNoticeRule(user.email)]);
        if (!notice.allowed) return;
        await sendMail(
          existingAccountSignUpMail(user.email, user.name, {
            login: `${config.PUBLIC_URL}/login`,
            forgotPassword: `${config.PUBLIC_URL}/forgot-password`,
          }),
        );
      },
      customSyntheticUser: ({ coreFields, additionalFields }) => ({
        ...coreFields,
        ...additionalFields,
        id: randomUUID(),
      }),
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
        const address = ctx.headers?.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
        if (ctx.path === '/sign-up/email') {
          const parsed = RegisterRequestSchema.safeParse(ctx.body);
          if (!parsed.success) {
            throw new APIError('BAD_REQUEST', {
              message: parsed.error.issues[0]?.message ?? 'Invalid registration',
            });
          }
          const reservation = await reserveAttempt(db, [signUpRule(config, address)]);
          if (!reservation.allowed) throw tooManyAttempts(reservation.retryAfterSeconds);
          const body = {
            ...parsed.data,
            phone: parsed.data.phone ?? undefined,
            name: `${parsed.data.first_name} ${parsed.data.last_name}`,
            // The emailed link ends on login, then on the page the person was headed for (same site only).
            callbackURL: verificationCallbackUrl(
              typeof ctx.body?.returnUrl === 'string' ? ctx.body.returnUrl : null,
            ),
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
          // An unparseable body is refused by the endpoint itself (400) and counts for nothing.
          const email = EmailOnlySchema.safeParse(ctx.body);
          if (!email.success) return;
          const reservation = await reserveAttempt(db, signInRules(config, address, email.data.email));
          if (!reservation.allowed) throw tooManyAttempts(reservation.retryAfterSeconds);
        }
        if (ctx.path === '/send-verification-email' || ctx.path === '/request-password-reset') {
          const email = EmailOnlySchema.safeParse(ctx.body);
          if (!email.success) {
            throw new APIError('BAD_REQUEST', {
              message: email.error.issues[0]?.message ?? 'Email is required',
            });
          }
          const kind: AccountEmailKind = ctx.path === '/send-verification-email' ? 'verification' : 'reset';
          const cooldown = emailCooldownRule(kind, email.data.email);
          const reservation = await reserveAttempt(db, [
            cooldown,
            accountEmailAddressRule(config, kind, address),
          ]);
          if (!reservation.allowed) {
            if (!reservation.refusedKeys.includes(cooldown.key)) {
              throw tooManyAttempts(reservation.retryAfterSeconds);
            }
            throw new APIError(
              'TOO_MANY_REQUESTS',
              {
                message: `Please wait ${reservation.retryAfterSeconds} seconds before requesting another email.`,
              },
              { 'retry-after': String(reservation.retryAfterSeconds) },
            );
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const failed = returned instanceof APIError;
        if (ctx.path === '/sign-up/email' && !failed) {
          const checked = RegisterRequestSchema.safeParse(ctx.body);
          if (!checked.success) return;
          // The verification email goes out now (or, for a registered address, the notice does):
          // either way the resend cool-down starts, so a resend answers the same for both.
          await reserveAttempt(db, [emailCooldownRule('verification', checked.data.email)]);
          return ctx.json(uniformSignUpAnswer(returned, checked.data));
        }
        if (ctx.path !== '/sign-in/email') return;
        const email = EmailOnlySchema.safeParse(ctx.body);
        if (!email.success) return;
        const address = ctx.headers?.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
        const keys = signInRules(config, address, email.data.email).map((rule) => rule.key);
        const pair = signInPairKey(address, email.data.email);
        const shared = keys.filter((key) => key !== pair);
        if (failed && returned.statusCode === 401) return;
        // Refused before the password was checked (a malformed request): the attempt counts for
        // nothing. Past the password check (signed in, or 403: not verified or deactivated) the
        // password was right: this address's failures for the account are cleared.
        if (failed && returned.statusCode !== 403) {
          await releaseAttempt(db, keys);
          return;
        }
        await forgetAttempts(db, pair);
        await releaseAttempt(db, shared);
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** What the user create hook takes from the (already checked) sign-up body. */
const SignUpChoicesSchema = RegisterRequestSchema.pick({ role: true, termsAccepted: true });

function tooManyAttempts(retryAfterSeconds: number): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { message: MESSAGES.rateLimited },
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/**
 * The sign-up answer, the same shape for a new account and for a registered address (whose synthetic
 * user better-auth fills from the request with its defaults): what the person chose, not defaults.
 */
function uniformSignUpAnswer(returned: unknown, checked: RegisterRequest) {
  const answer = returned as { token: null; user: Record<string, unknown> };
  return {
    token: null,
    user: { ...answer.user, role: checked.role, phone: checked.phone || null },
  };
}
