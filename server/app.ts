import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { fromNodeHeaders } from 'better-auth/node';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { OpenAPIV3 } from 'openapi-types';
import pino, { type Logger } from 'pino';
import { z } from 'zod';
import { MESSAGES, refusedOriginMessage } from '../domain/errors.ts';
import type { AppDeps } from './app-deps.ts';
import { type Config, isPayfastSimulatorServed } from './config.ts';
import { ownOrigin, registerCrossOriginRefusal } from './http/cross-origin.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { listingPageFirstPaint } from './http/first-paint.ts';
import { answerFrameworkError, registerHostileInputGuards } from './http/hostile-input.ts';
import { withRedactedUrls } from './http/log-redaction.ts';
import { completeDocument, openApiTransform, PUBLIC_ACCESS, SECURITY_SCHEMES } from './http/openapi.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { registerNotFound, registerWebApp } from './http/web-app.ts';
import { registerAccountRoutes, sessionPreload } from './modules/account/account.routes.ts';
import { registerAdminOverviewRoutes } from './modules/admin-overview/admin-overview.routes.ts';
import { registerAdminUserRoutes } from './modules/admin-users/admin-user.routes.ts';
import { registerAgreementRoutes } from './modules/agreements/agreement.routes.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import { registerBillingLineRoutes } from './modules/billing-lines/billing-line.routes.ts';
import { registerCatalogueRoutes } from './modules/billing-setup/catalogue.routes.ts';
import { registerRateRoutes } from './modules/billing-setup/rate.routes.ts';
import { registerBlockedPeriodRoutes } from './modules/blocked-periods/blocked-period.routes.ts';
import { registerBusinessRoutes } from './modules/business/business.routes.ts';
import { registerBusinessDetailsRoutes } from './modules/business-details/business-details.routes.ts';
import { registerBusinessProfileRoutes } from './modules/business-profile/business-profile.routes.ts';
import { registerCalendarExportRoutes } from './modules/calendar-export/calendar-export.routes.ts';
import { registerCalendarImportRoutes } from './modules/calendar-import/calendar-feed.routes.ts';
import { registerClientRoutes } from './modules/clients/client.routes.ts';
import { registerCommissionRoutes } from './modules/commission/commission.routes.ts';
import { registerDevMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes.ts';
import { registerDocumentRoutes } from './modules/documents/documents.routes.ts';
import { registerCsvExportRoutes } from './modules/exports/csv-exports.routes.ts';
import { registerHomepageBoostRoutes } from './modules/homepage-boost/homepage-boost.routes.ts';
import { registerInAppNotificationRoutes } from './modules/in-app-notifications/in-app-notifications.routes.ts';
import { registerInvitationRoutes } from './modules/invitations/invitation.routes.ts';
import { registerNotificationSettingsRoutes } from './modules/notification-settings/notification-settings.routes.ts';
import { registerBookingPaymentRoutes } from './modules/online-payments/booking-payment.routes.ts';
import { registerPaymentAccountRoutes } from './modules/online-payments/payment-account.routes.ts';
import { registerPaymentLinkRoutes } from './modules/online-payments/payment-link.routes.ts';
import { registerPaymentSettingsRoutes } from './modules/online-payments/payment-settings.routes.ts';
import { registerReceiptRoutes } from './modules/online-payments/receipts.routes.ts';
import { registerPayfastSimulatorRoutes } from './modules/payfast-simulator/simulator.routes.ts';
import { registerSimulatorMerchantRoutes } from './modules/payfast-simulator/simulator-merchants.routes.ts';
import { registerPaymentRoutes } from './modules/payments/payment.routes.ts';
import { registerPhotographyRoutes } from './modules/photography/photography.routes.ts';
import { registerPropertyRoutes } from './modules/properties/property.routes.ts';
import { findListingPage } from './modules/properties/property.service.ts';
import { registerPropertyImageRoutes } from './modules/property-images/property-image.routes.ts';
import { registerReportRoutes } from './modules/reports/reports.routes.ts';
import { registerReservationRoutes } from './modules/reservations/reservation.routes.ts';
import { registerStaffRoutes } from './modules/staff/staff.routes.ts';
import { registerStripeRoutes } from './modules/stripe/stripe.routes.ts';
import { registerSubscriptionInvoiceRoutes } from './modules/subscriptions/invoice.routes.ts';
import { settlePaymentEvent } from './modules/subscriptions/payment-settlement.ts';
import { registerSubscriptionRoutes } from './modules/subscriptions/subscription.routes.ts';
import { registerSupportRoutes } from './modules/support/support.routes.ts';
import { registerTodayRoutes } from './modules/today/today.routes.ts';
import { CLIENT_ADDRESS_HEADER } from './platform/auth-limits.ts';
import { isExposedAuthDocPath, isExposedAuthRoute } from './platform/auth-routes.ts';
import { gatewayFor } from './platform/payments/payments.ts';
import { isStripeGateway } from './platform/payments/stripe-gateway.ts';

export interface BuildAppOptions {
  deps: Omit<AppDeps, 'currentUser'> & { currentUser?: AppDeps['currentUser'] };
  logger: Logger | false;
  devMailbox: boolean;
  webDistDir?: string;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: withRedactedUrls(options.logger || pino({ level: 'silent' })) as FastifyBaseLogger,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: fastifyTrustProxy(options.deps.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerHostileInputGuards(app);
  registerSecurityHeaders(app, options.deps.config);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerCrossOriginRefusal(app, options.deps.config, {
    // Called by PayFast's and Stripe's servers, which sign what they send.
    exemptRoutes: ['/api/payments/payfast/notify', '/api/stripe/webhook'],
    authPathPrefix: AUTH_BASE_PATH,
  });

  const { deps: baseDeps } = options;
  const { findSessionUser } = await import('./http/session.ts');
  const deps: AppDeps = {
    ...baseDeps,
    currentUser: baseDeps.currentUser ?? ((request) => findSessionUser(baseDeps.auth, baseDeps.db, request)),
  };

  const authOpenApi = await deps.auth.api.generateOpenAPISchema();
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Rentza API', version: '1.0.0', description: 'The Rentza marketplace API.' },
      servers: [{ url: deps.config.PUBLIC_URL }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: openApiTransform,
    transformObject: (documents) => {
      const document = 'openapiObject' in documents ? documents.openapiObject : documents.swaggerObject;
      return completeDocument(
        document as OpenAPIV3.Document,
        // better-auth types its generated schema loosely (plain strings where OpenAPI has literals).
        authOpenApi as OpenAPIV3.Document,
        isExposedAuthDocPath,
      ) as typeof document;
    },
  });
  if (deps.config.API_DOCS) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database reachability',
        security: PUBLIC_ACCESS,
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('reachable'), kind: z.string() }),
          503: z.object({ status: z.literal('error'), database: z.literal('unreachable'), kind: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(deps.db);
        return { status: 'ok' as const, database: 'reachable' as const, kind: deps.databaseKind };
      } catch (error) {
        request.log.error({ err: error }, 'database unreachable');
        return reply
          .status(503)
          .send({ status: 'error' as const, database: 'unreachable' as const, kind: deps.databaseKind });
      }
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const url = authRequestUrl(request, deps.config);
      if (!isExposedAuthRoute(request.method, url.pathname.slice(AUTH_BASE_PATH.length))) {
        return reply.status(404).send({ error: 'NOT_FOUND', message: MESSAGES.notFound });
      }
      const body =
        request.method === 'GET' || request.body === undefined ? undefined : JSON.stringify(request.body);
      const headers = fromNodeHeaders(request.headers);
      // The address TRUST_PROXY resolved, in place of whatever the client sent (auth-throttle, sessions).
      headers.set(CLIENT_ADDRESS_HEADER, request.ip);
      headers.set('x-forwarded-for', request.ip);
      if (body !== undefined) headers.set('content-type', 'application/json');
      headers.delete('content-length');
      const response = await deps.auth.handler(new Request(url, { method: request.method, headers, body }));
      if (response.status === 403) {
        const refused = await explainRefusedOrigin(response, deps.config);
        if (refused) return reply.status(403).send(refused);
      }
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });

  registerAccountRoutes(app, deps);
  registerNotificationSettingsRoutes(app, deps);
  registerInAppNotificationRoutes(app, deps);
  registerInvitationRoutes(app, deps);
  registerStaffRoutes(app, deps);
  registerSubscriptionRoutes(app, deps);
  registerSubscriptionInvoiceRoutes(app, deps);
  registerCommissionRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  if (isPayfastSimulatorServed(deps.config)) registerPayfastSimulatorRoutes(app, deps);
  registerStripeRoutes(app, deps, {
    settle: (event) => settlePaymentEvent(deps.db, deps.config, event),
    gateway: isStripeGateway(deps.payments.stripe) ? deps.payments.stripe : null,
    stopRecurring: ({ token, gateway }) => gatewayFor(deps.payments, gateway).cancelRecurring(token),
  });
  registerPropertyRoutes(app, deps);
  registerClientRoutes(app, deps);
  registerReservationRoutes(app, deps);
  registerBusinessRoutes(app, deps);
  registerRateRoutes(app, deps);
  registerCatalogueRoutes(app, deps);
  registerBillingLineRoutes(app, deps);
  registerAdminUserRoutes(app, deps);
  await registerBusinessDetailsRoutes(app, deps);
  registerDocumentRoutes(app, deps);
  await registerPropertyImageRoutes(app, deps);
  registerSupportRoutes(app, deps);
  await registerPhotographyRoutes(app, deps);
  registerAgreementRoutes(app, deps);
  await registerBusinessProfileRoutes(app, deps);
  registerHomepageBoostRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerBlockedPeriodRoutes(app, deps);
  registerAdminOverviewRoutes(app, deps);
  registerTodayRoutes(app, deps);
  registerCsvExportRoutes(app, deps);
  registerCalendarImportRoutes(app, deps);
  registerCalendarExportRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerBookingPaymentRoutes(app, deps);
  registerPaymentLinkRoutes(app, deps);
  registerPaymentAccountRoutes(app, deps);
  if (isPayfastSimulatorServed(deps.config)) registerSimulatorMerchantRoutes(app, deps);
  registerReceiptRoutes(app, deps);
  registerPaymentSettingsRoutes(app, deps);
  if (options.devMailbox) registerDevMailboxRoutes(app, deps);

  const servesWeb = await registerWebApp(
    app,
    options.webDistDir ? path.resolve(options.webDistDir) : null,
    async (pathname, request) => {
      const session = sessionPreload(request);
      const listing = await findListingPage(deps.db, pathname);
      const firstPaint = listing && listingPageFirstPaint(listing, session !== null);
      // The listing page draws its cover photo first: the photo goes before the page's code.
      const photoFirst = listing?.page === 'property' && firstPaint !== null;
      return {
        firstPaintLink: photoFirst ? listing.coverLink : null,
        link:
          [session, listing?.dataLink, photoFirst ? null : listing?.coverLink].filter(Boolean).join(', ') ||
          null,
        firstPaint,
      };
    },
  );
  registerNotFound(app, servesWeb);

  return app;
}

const AUTH_BASE_PATH = '/api/auth';

/**
 * The URL better-auth sees. With PUBLIC_URL set it is on that origin (only it is trusted). Without
 * one, it is on the address the request came to (Host, or X-Forwarded-Host from a proxy TRUST_PROXY
 * names), which better-auth then trusts as the same origin: the app works at localhost, 127.0.0.1
 * or a LAN address.
 */
function authRequestUrl(request: FastifyRequest, config: Config): URL {
  // No usable Host header: fall back to the default address.
  return new URL(request.url, ownOrigin(request, config) ?? config.PUBLIC_URL);
}

/** better-auth refuses an untrusted Origin with a bare "Invalid origin"; say what happened instead. */
async function explainRefusedOrigin(response: Response, config: Config) {
  const answer = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  if (answer?.code !== 'INVALID_ORIGIN' && answer?.code !== 'MISSING_OR_NULL_ORIGIN') return null;
  return {
    code: answer.code,
    message: refusedOriginMessage(config.publicUrlConfigured ? config.PUBLIC_URL : null),
  };
}
