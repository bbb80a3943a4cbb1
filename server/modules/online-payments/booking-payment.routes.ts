import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canManageReservationsOf } from '../../../domain/access.ts';
import {
  BookingCheckoutSchema,
  PaymentDueSchema,
  PaymentLinkViewSchema,
  StartBookingPaymentSchema,
} from '../../../domain/schemas/online-payments.ts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { PUBLIC_ACCESS } from '../../http/openapi.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { registerPayfastNotifyRoute } from '../payments/payment.routes.ts';
import { findReservation } from '../reservations/reservation.repository.ts';
import { RESERVATION_MESSAGES } from '../reservations/reservation.service.ts';
import { BOOKING_NOTIFY_PATH, businessNameOf, startBookingPayment } from './booking-checkout.ts';
import { processBookingItn } from './booking-notify.ts';
import { paymentDueFor } from './payment-due.ts';
import { findPaymentLink } from './payment-links.ts';

export const BOOKING_PAYMENT_MESSAGES = {
  ownerPays:
    'Only the client pays their booking online. Send them a payment link from the reservation editor instead.',
  linkInvalid: 'This payment link is not valid or has expired.',
  tooManyRequests: 'Too many payment requests from this address. Try again in a minute.',
} as const;

/** Calls a minute per address to the public payment-link routes: a person paying needs a few. */
export const PAYMENT_LINK_REQUESTS_PER_MINUTE = 30;

const tags = ['online-payments'];
const IdParams = z.object({ id: z.uuid(RESERVATION_MESSAGES.notFound) });
const TokenParams = z.object({ token: z.string().min(1).max(100) });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/**
 * Paying a booking online (docs/decisions/060): what is due, the checkout into the owner's PayFast
 * merchant (the booking's client signed in, or anyone holding a payment link), and PayFast's ITN.
 */
export function registerBookingPaymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The reservation and whether the signed-in user is its client or manages it; 404 for anyone else. */
  const reservationFor = async (request: FastifyRequest, id: string) => {
    const user = await deps.currentUser(request);
    if (!user) throw unauthorized();
    const reservation = await findReservation(deps.db, id);
    if (!reservation) throw notFound(RESERVATION_MESSAGES.notFound);
    const isClient = reservation.client_user_id !== null && reservation.client_user_id === user.id;
    const manages = canManageReservationsOf(user, reservation.owner_id);
    if (!isClient && !manages) throw notFound(RESERVATION_MESSAGES.notFound);
    return { user, reservation, isClient };
  };

  api.get(
    '/api/reservations/:id/payment-due',
    {
      schema: {
        tags,
        summary: 'What the client owes on a booking now and later, and whether it can be paid online',
        description:
          'For the booking’s client, and the owner and staff who manage its reservations. `payable`: confirmed, something owed, and the owner’s PayFast account verified; otherwise `notPayableReason` says why.',
        params: IdParams,
        response: { 200: PaymentDueSchema, ...errors },
      },
    },
    async (request) => {
      const { reservation } = await reservationFor(request, request.params.id);
      return (await paymentDueFor(deps, reservation)) as z.infer<typeof PaymentDueSchema>;
    },
  );

  api.post(
    '/api/reservations/:id/pay',
    {
      schema: {
        tags,
        summary: 'The booking’s client starts paying it through the owner’s PayFast checkout',
        description:
          '`purpose` due_now (default) or balance (the whole balance early). Answers the signed checkout form to post; 409 with the reason when nothing can be paid online. The owner and staff get 403: they send a payment link instead.',
        params: IdParams,
        body: StartBookingPaymentSchema,
        response: { 200: BookingCheckoutSchema, ...errors },
      },
    },
    async (request) => {
      const { user, reservation, isClient } = await reservationFor(request, request.params.id);
      if (!isClient) throw forbidden(BOOKING_PAYMENT_MESSAGES.ownerPays);
      return startBookingPayment(deps, reservation, request.body.purpose, { userId: user.id, link: null });
    },
  );

  // The payment link's page: the token is the permission; limited per address.
  app.register(async (scoped) => {
    await scoped.register(rateLimit, {
      max: PAYMENT_LINK_REQUESTS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `pay:${request.ip}`,
      errorResponseBuilder: () =>
        new AppError(429, BOOKING_PAYMENT_MESSAGES.tooManyRequests, 'TOO_MANY_REQUESTS'),
    });
    const linked = scoped.withTypeProvider<ZodTypeProvider>();

    const linkedReservation = async (token: string) => {
      const link = await findPaymentLink(deps.db, token);
      const reservation = link ? await findReservation(deps.db, link.reservation_id) : undefined;
      if (!link || !reservation) throw notFound(BOOKING_PAYMENT_MESSAGES.linkInvalid);
      return { link, reservation };
    };

    linked.get(
      '/api/pay/:token',
      {
        schema: {
          security: PUBLIC_ACCESS,
          tags,
          summary: 'A payment link’s booking and what is due on it, without signing in',
          params: TokenParams,
          response: { 200: PaymentLinkViewSchema, 404: ErrorResponseSchema, 429: ErrorResponseSchema },
        },
      },
      async (request) => {
        const { reservation } = await linkedReservation(request.params.token);
        return {
          businessName: await businessNameOf(deps, reservation.owner_id),
          propertyTitle: reservation.property_title ?? 'Property Details Unavailable',
          startDate: reservation.start_date,
          endDate: reservation.end_date,
          clientFirstName: reservation.client_first_name,
          due: (await paymentDueFor(deps, reservation)) as z.infer<typeof PaymentDueSchema>,
        };
      },
    );

    linked.post(
      '/api/pay/:token/checkout',
      {
        schema: {
          security: PUBLIC_ACCESS,
          tags,
          summary: 'Starts paying a booking from a payment link, through the owner’s PayFast checkout',
          params: TokenParams,
          body: StartBookingPaymentSchema,
          response: {
            200: BookingCheckoutSchema,
            400: ErrorResponseSchema,
            404: ErrorResponseSchema,
            409: ErrorResponseSchema,
            429: ErrorResponseSchema,
          },
        },
      },
      async (request) => {
        const { link, reservation } = await linkedReservation(request.params.token);
        return startBookingPayment(deps, reservation, request.body.purpose, {
          userId: null,
          link: { id: link.id, token: request.params.token },
        });
      },
    );
  });

  registerPayfastNotifyRoute(app, deps, {
    url: BOOKING_NOTIFY_PATH,
    summary:
      'PayFast ITN for a booking’s payment: answered 200 at once, checked with the owner’s passphrase, applied once',
    process: (rawBody, sourceIp, log) => processBookingItn(deps, rawBody, sourceIp, log),
  });
}
