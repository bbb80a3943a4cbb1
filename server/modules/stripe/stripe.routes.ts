import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { PUBLIC_ACCESS } from '../../http/openapi.ts';
import { requireRole } from '../../http/session.ts';
import {
  limitNotificationRate,
  NOTIFICATION_RATE_LIMITS,
  STRIPE_WEBHOOK_BODY_LIMIT,
} from '../../platform/payments/notification-limits.ts';
import { createStripeGateway, type StripeGateway } from '../../platform/payments/stripe-gateway.ts';
import { ownsStripeToken } from './stripe.repository.ts';
import {
  CardUpdateQuerySchema,
  CreateStripePaymentSchema,
  CreateStripeSubscriptionSchema,
  StripeErrorSchema,
  StripePaymentStartSchema,
  StripeSubscriptionStartSchema,
  WebhookReceivedSchema,
} from './stripe.schemas.ts';
import {
  processStripeWebhook,
  type Settle,
  type StripeServiceDeps,
  startStripeCardUpdate,
  startStripePayment,
  startStripeSubscription,
} from './stripe.service.ts';

export interface StripeRouteOptions {
  /** Applies a verified payment event to payments and subscriptions, idempotently (payment-settlement.ts). */
  settle: Settle;
  stopRecurring?: StripeServiceDeps['stopRecurring'];
  /** The gateway to use; created from the configuration when not given (null: Stripe not configured). */
  gateway?: StripeGateway | null;
}

const tags = ['stripe'];
const refusals = { 400: StripeErrorSchema, 401: StripeErrorSchema, 403: StripeErrorSchema };
const gatewayRefusals = { 502: StripeErrorSchema, 503: StripeErrorSchema };

/**
 * Stripe (issue 13): the spec's two direct calls, the card update redirect and the webhook. The
 * webhook is in its own plugin scope, whose JSON parser keeps the raw bytes the signature is over;
 * every other route keeps normal JSON parsing.
 */
export function registerStripeRoutes(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'config' | 'currentUser'>,
  options: StripeRouteOptions,
): void {
  const service: StripeServiceDeps = {
    db: deps.db,
    config: deps.config,
    gateway: options.gateway !== undefined ? options.gateway : createStripeGateway(deps.config),
    settle: options.settle,
    stopRecurring: options.stopRecurring,
  };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/stripe/create-subscription',
    {
      schema: {
        tags,
        summary: 'Start a monthly Stripe subscription: a Checkout Session to redirect the owner to',
        body: CreateStripeSubscriptionSchema,
        response: { 200: StripeSubscriptionStartSchema, ...refusals, ...gatewayRefusals },
      },
    },
    async (request) => {
      const owner = requireRole(await deps.currentUser(request), ['owner']);
      return startStripeSubscription(service, owner, request.body);
    },
  );

  api.post(
    '/api/stripe/create-payment-intent',
    {
      schema: {
        tags,
        summary: 'Start a once-off Stripe card payment: a Checkout Session to redirect the owner to',
        body: CreateStripePaymentSchema,
        response: { 200: StripePaymentStartSchema, ...refusals, ...gatewayRefusals },
      },
    },
    async (request) => {
      const owner = requireRole(await deps.currentUser(request), ['owner']);
      return startStripePayment(service, owner, request.body);
    },
  );

  api.get(
    '/api/stripe/card-update',
    {
      schema: {
        tags,
        summary: 'Replace the card behind the owner’s Stripe subscription: redirects (303) to Stripe',
        querystring: CardUpdateQuerySchema,
        response: {
          303: z.null().describe('Redirects to Stripe’s card update page (Location)'),
          ...refusals,
          404: StripeErrorSchema,
          ...gatewayRefusals,
        },
      },
    },
    async (request, reply) => {
      const owner = requireRole(await deps.currentUser(request), ['owner']);
      const url = await startStripeCardUpdate(
        service,
        (token) => ownsStripeToken(deps.db, owner.id, token),
        request.query,
      );
      return reply.redirect(url, 303);
    },
  );

  app.register(async (scoped) => {
    await limitNotificationRate(scoped, NOTIFICATION_RATE_LIMITS.stripe);
    // The signature is over the body exactly as sent: keep its bytes (this scope only).
    scoped.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_r, body, done) =>
      done(null, body),
    );
    scoped.withTypeProvider<ZodTypeProvider>().post(
      '/api/stripe/webhook',
      {
        bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT,
        schema: {
          security: PUBLIC_ACCESS,
          tags,
          summary: 'Stripe webhook: verified by its signature, then applied once per payment',
          response: {
            200: WebhookReceivedSchema,
            400: StripeErrorSchema,
            413: StripeErrorSchema,
            429: StripeErrorSchema,
            503: StripeErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const rawBody = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : '');
        const answer = await processStripeWebhook(
          service,
          { rawBody, signature: request.headers['stripe-signature'], sourceIp: request.ip },
          request.log,
        );
        if (answer.status === 200) return answer.body;
        return reply.status(answer.status).send({ error: answer.message, message: answer.message });
      },
    );
  });
}
