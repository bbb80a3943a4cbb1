import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { faker } from '@faker-js/faker';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import pino, { type Logger } from 'pino';
import { defaultPermissions, type Permissions } from '../../domain/permissions.ts';
import type { Role } from '../../domain/roles.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import { insertCredentialUser } from '../modules/account/user.repository.ts';
import { createAuth } from '../platform/auth.ts';
import { deliverDueMail } from '../platform/mail/outbox.ts';
import { createDevMailboxTransport } from '../platform/mail/transports.ts';
import { startRuntime } from '../runtime.ts';
import { createResponseValidator } from './openapi-validation.ts';
import { createTestDatabase } from './test-database.ts';

export const TEST_PUBLIC_URL = 'http://localhost:3999';
export const TEST_AUTH_SECRET = 'rentza-test-secret-do-not-use-in-production-0123456789';
/**
 * Factory users share one password unless given another: hashing (scrypt) costs about 0.1 s, and the
 * hash is computed once per test file this way.
 */
export const FACTORY_PASSWORD = 'Factory#Pass2026';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  /**
   * Where the request comes from. Auth requests otherwise each come from an address of their own, as
   * people's do, so the per-address throttles (production values) only meet the tests about them.
   */
  remoteAddress?: string;
}

export interface MailSummary {
  id: string;
  to: string;
  subject: string;
  created_at: string;
}

export interface ReceivedMail extends MailSummary {
  html: string;
  text: string;
  /** The first link in the text body. */
  link: string;
}

export interface NewUserInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone?: string;
  role: 'client' | 'owner';
  termsAccepted: boolean;
}

export interface CreatedUser {
  id: string;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  role: Role;
  parent_owner_id: string | null;
}

export interface CreateUserOptions {
  role?: Role;
  email?: string;
  password?: string;
  first_name?: string;
  last_name?: string;
  phone?: string | null;
  isActive?: boolean;
  emailVerified?: boolean;
  /** Staff only; an owner is created when omitted. */
  parentOwnerId?: string;
  permissions?: Permissions;
}

/** A unique, valid address (faker names can contain characters some validators reject). */
export function uniqueEmail(): string {
  const local =
    faker.internet
      .username()
      .replace(/[^a-zA-Z0-9]/g, '')
      .toLowerCase() || 'user';
  return `${local}.${randomUUID().slice(0, 8)}@example.co.za`;
}

/** A South African style number accepted by PHONE_PATTERN, e.g. "082 555 0101". */
export function fakePhone(): string {
  return `0${faker.helpers.arrayElement(['71', '72', '82', '83', '84'])} ${faker.string.numeric(3)} ${faker.string.numeric(4)}`;
}

/** Meets every registration rule: length, upper, lower, digit, special. */
export function strongPassword(): string {
  return `Rz#${faker.string.alphanumeric(6)}a7Q`;
}

export function fakeRegistration(overrides: Partial<NewUserInput> = {}): NewUserInput {
  return {
    email: uniqueEmail(),
    password: strongPassword(),
    first_name: faker.person.firstName(),
    last_name: faker.person.lastName(),
    phone: fakePhone(),
    role: 'client',
    termsAccepted: true,
    ...overrides,
  };
}

/** The `name=value` pairs of every Set-Cookie header, ready to send back as a Cookie header. */
export function cookieFrom(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const values = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  return values.map((value) => value.split(';')[0]).join('; ');
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  databaseKind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  request: (method: Method, url: string, options?: RequestOptions) => Promise<LightMyRequestResponse>;
  get: (url: string, options?: RequestOptions) => Promise<LightMyRequestResponse>;
  post: (url: string, body?: unknown, options?: RequestOptions) => Promise<LightMyRequestResponse>;
  patch: (url: string, body?: unknown, options?: RequestOptions) => Promise<LightMyRequestResponse>;
  /** POST /api/auth/sign-up/email with faker data (overridable); returns the input and the response. */
  registerUser: (
    overrides?: Partial<NewUserInput>,
  ) => Promise<{ input: NewUserInput; response: LightMyRequestResponse }>;
  /** Runs an outbox delivery round now (the background worker also does, a moment later). */
  deliverMail: () => Promise<number>;
  /** Captured emails to an address, newest first, read through GET /api/dev/mailbox. */
  mailbox: (email: string) => Promise<MailSummary[]>;
  /** Waits for an email to the address (optionally whose subject matches) and reads it whole. */
  waitForMail: (email: string, subject?: RegExp) => Promise<ReceivedMail>;
  /** Follows the emailed verification link; returns the verify response (a redirect). */
  verifyViaMailbox: (email: string) => Promise<LightMyRequestResponse>;
  /** POST /api/auth/sign-in/email and return the raw response. */
  attemptSignIn: (email: string, password: string, remoteAddress?: string) => Promise<LightMyRequestResponse>;
  /** Signs in and returns the session cookie; throws when sign-in fails. */
  signIn: (email: string, password: string) => Promise<string>;
  /** Inserts a verified user of any role directly, with a password account. */
  createUser: (options?: CreateUserOptions) => Promise<CreatedUser>;
  /** createUser + signIn. */
  signInAs: (options?: CreateUserOptions) => Promise<{ user: CreatedUser; cookie: string }>;
}

export interface CreateTestAppOptions {
  env?: Record<string, string>;
  /** Changes the parsed configuration, for settings loadConfig would refuse (e.g. production without SMTP). */
  configure?: (config: Config) => Config;
  /** The server's logger (silent by default). */
  logger?: Logger;
  /**
   * PostgreSQL only: the server's DATABASE_URL names the test database, so it delivers mail on its
   * own thread as in production (docs/decisions/074). Otherwise tests deliver with deliverMail.
   */
  outboxThread?: boolean;
  /** false: the server runs no bell retention sweep; the test runs sweepBells itself. */
  bellRetention?: boolean;
}

/**
 * The whole server (the same wiring as production: runtime, auth, outbox worker, dev mailbox) on a
 * fresh database. Share one per test file (beforeAll/afterAll); tests make their own data.
 */
export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rentza-test-'));
  const database = await createTestDatabase();
  const parsedConfig = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_SECRET: TEST_AUTH_SECRET,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    ...(options.outboxThread && database.url ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const config = options.configure ? options.configure(parsedConfig) : parsedConfig;
  const runtime = await startRuntime(config, {
    database,
    logger: options.logger ?? pino({ level: 'silent' }),
    bellRetention: options.bellRetention,
  });
  const { app } = runtime;
  const db = database.db;
  const mailTransport = createDevMailboxTransport(db);

  // Only for hashing factory passwords the way the server does.
  const hashingAuth = createAuth({ db, config, secret: TEST_AUTH_SECRET, sendMail: async () => {} });
  const hashes = new Map<string, Promise<string>>();
  const hashPassword = async (password: string) => {
    let hash = hashes.get(password);
    if (!hash) {
      hash = hashingAuth.$context.then((context) => context.password.hash(password));
      hashes.set(password, hash);
    }
    return hash;
  };

  let addressesGiven = 0;
  const nextAuthAddress = () => {
    addressesGiven++;
    return `10.${(addressesGiven >> 16) & 255}.${(addressesGiven >> 8) & 255}.${addressesGiven & 255}`;
  };
  const responseValidator = createResponseValidator(app);
  const request: TestApp['request'] = async (method, url, requestOptions = {}) => {
    const response = await app.inject({
      method,
      url,
      remoteAddress:
        requestOptions.remoteAddress ?? (url.startsWith('/api/auth/') ? nextAuthAddress() : '127.0.0.1'),
      headers: {
        origin: TEST_PUBLIC_URL,
        ...(requestOptions.cookie ? { cookie: requestOptions.cookie } : {}),
        ...requestOptions.headers,
      },
      ...(requestOptions.body === undefined ? {} : { payload: requestOptions.body as object }),
    });
    responseValidator.check(method, url, response);
    return response;
  };
  const get: TestApp['get'] = (url, requestOptions) => request('GET', url, requestOptions);
  const post: TestApp['post'] = (url, body, requestOptions) =>
    request('POST', url, { ...requestOptions, body });
  const patch: TestApp['patch'] = (url, body, requestOptions) =>
    request('PATCH', url, { ...requestOptions, body });

  const deliverMail = () => deliverDueMail(db, mailTransport);

  const mailbox: TestApp['mailbox'] = async (email) => {
    const response = await get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    if (response.statusCode !== 200) throw new Error(`mailbox: ${response.statusCode} ${response.body}`);
    return response.json<MailSummary[]>();
  };

  const waitForMail: TestApp['waitForMail'] = async (email, subject) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      await deliverMail();
      const found = (await mailbox(email)).find((mail) => !subject || subject.test(mail.subject));
      if (found) {
        const response = await get(`/api/dev/mailbox/${found.id}`);
        const mail = response.json<Omit<ReceivedMail, 'link'>>();
        const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
        if (!link) throw new Error(`No link in the email "${mail.subject}"`);
        return { ...mail, link };
      }
      if (Date.now() > deadline)
        throw new Error(`No email to ${email}${subject ? ` matching ${subject}` : ''}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const pathOf = (link: string) => {
    const url = new URL(link);
    if (url.origin !== TEST_PUBLIC_URL) throw new Error(`Link to another origin: ${link}`);
    return `${url.pathname}${url.search}`;
  };

  const verifyViaMailbox: TestApp['verifyViaMailbox'] = async (email) => {
    const mail = await waitForMail(email, /verify/i);
    return get(pathOf(mail.link));
  };

  const registerUser: TestApp['registerUser'] = async (overrides) => {
    const input = fakeRegistration(overrides);
    const response = await post('/api/auth/sign-up/email', input);
    return { input, response };
  };

  const attemptSignIn: TestApp['attemptSignIn'] = (email, password, remoteAddress) =>
    post('/api/auth/sign-in/email', { email, password }, remoteAddress ? { remoteAddress } : {});

  const signIn: TestApp['signIn'] = async (email, password) => {
    const response = await attemptSignIn(email, password);
    if (response.statusCode !== 200)
      throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
    const cookie = cookieFrom(response);
    if (!cookie.includes('session_token')) throw new Error('sign-in set no session cookie');
    return cookie;
  };

  const createUser: TestApp['createUser'] = async (userOptions = {}) => {
    const role = userOptions.role ?? 'client';
    const isStaff = role === 'backoffice' || role === 'frontoffice';
    const parentOwnerId = isStaff
      ? (userOptions.parentOwnerId ?? (await createUser({ role: 'owner' })).id)
      : null;
    const password = userOptions.password ?? FACTORY_PASSWORD;
    const id = randomUUID();
    const user: CreatedUser = {
      id,
      email: userOptions.email ?? uniqueEmail(),
      password,
      first_name: userOptions.first_name ?? faker.person.firstName(),
      last_name: userOptions.last_name ?? faker.person.lastName(),
      role,
      parent_owner_id: parentOwnerId,
    };
    const passwordHash = await hashPassword(password);
    const _now = new Date();
    await db.transaction().execute(async (trx) => {
      await insertCredentialUser(
        trx,
        {
          id,
          email: user.email,
          name: `${user.first_name} ${user.last_name}`,
          first_name: user.first_name,
          last_name: user.last_name,
          phone: userOptions.phone === undefined ? fakePhone() : userOptions.phone,
          role,
          email_verified: userOptions.emailVerified ?? true,
          is_active: userOptions.isActive ?? true,
          image: null,
          parent_owner_id: parentOwnerId,
          permissions: userOptions.permissions ?? defaultPermissions(role),
        },
        passwordHash,
      );
    });
    return user;
  };

  const signInAs: TestApp['signInAs'] = async (userOptions) => {
    const user = await createUser(userOptions);
    return { user, cookie: await signIn(user.email, user.password) };
  };

  return {
    app,
    db,
    config,
    databaseKind: database.kind,
    close: async () => {
      try {
        await runtime.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    request,
    get,
    post,
    patch,
    registerUser,
    deliverMail,
    mailbox,
    waitForMail,
    verifyViaMailbox,
    attemptSignIn,
    signIn,
    createUser,
    signInAs,
  };
}
