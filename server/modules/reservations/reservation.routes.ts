import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CancellationPreviewSchema } from '../../../domain/schemas/online-payments.ts';
import {
  AvailabilitySchema,
  DayTimesQuerySchema,
  DayTimesSchema,
  ReservationCreateSchema,
  ReservationSchema,
  ReservationUpdateSchema,
} from '../../../domain/schemas/reservation.ts';
import {
  ReservationBulkResultSchema,
  ReservationBulkSchema,
  ReservationPageQuerySchema,
  ReservationPageSchema,
} from '../../../domain/schemas/reservation-list.ts';
import type { AppDeps } from '../../app-deps.ts';
import { PUBLIC_ACCESS } from '../../http/openapi.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { runBulkAction } from './reservation-bulk.service.ts';
import { cancellationPreview, cancelOwnReservation } from './reservation-cancel.service.ts';
import { createReservation } from './reservation-create.ts';
import { deleteReservation, updateReservation } from './reservation-edit.ts';
import {
  availabilityOf,
  dayTimesOf,
  getVisibleReservation,
  listOwnReservations,
  listVisibleReservations,
} from './reservation-queries.service.ts';

const IdParams = z.object({ id: z.uuid('Reservation not found') });
const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

export function registerReservationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reservations'];
  const serviceDeps = { db: deps.db, publicUrl: deps.config.PUBLIC_URL, pokeMail: deps.pokeMail };

  api.get(
    '/api/reservations',
    {
      schema: {
        tags,
        summary: 'Reservations you may see: your business’s (owner, staff), all (admin), your own (client)',
        description:
          'With `page`: {items, total, page, pageSize}, sorted by `sort` (`order`), each item with its balance due; without it, the plain list (up to 2000, newest start first). Filters: status, property (propertyId or property_id), bookings overlapping [from, to) (`to` exclusive), q (listing, client, email, client id, reference).',
        querystring: ReservationPageQuerySchema,
        response: { 200: z.union([ReservationPageSchema, z.array(ReservationSchema)]), ...errors },
      },
    },
    async (request) => listVisibleReservations(deps.db, await deps.currentUser(request), request.query),
  );

  api.get(
    '/api/my/reservations',
    {
      schema: {
        tags,
        summary:
          'My Reservations: your own bookings as a guest, whatever your role (a client’s, or an owner’s, staff member’s or admin’s booking of someone else’s listing)',
        response: { 200: z.array(ReservationSchema), ...errors },
      },
    },
    async (request) => listOwnReservations(deps.db, await deps.currentUser(request)),
  );

  api.get(
    '/api/reservations/:id',
    {
      schema: {
        tags,
        summary: 'One reservation',
        params: IdParams,
        response: { 200: ReservationSchema, ...errors },
      },
    },
    async (request) => getVisibleReservation(deps.db, await deps.currentUser(request), request.params.id),
  );

  api.post(
    '/api/reservations',
    {
      schema: {
        tags,
        summary:
          'Book (always pending; price computed by the server; 409 when the dates are taken or the client already has 3 requests waiting on the listing)',
        description:
          'A stay may be up to 90 nights or days, 24 hours or 24 months by its listing, starting today up to 3 months ahead (a client) or 12 months (the business); an hourly booking today may not start in a half hour that has begun (the business may take the one in progress). A booking by the business counts toward its monthly plan limit at once; a client request when the business accepts it (docs/decisions/022). A client request the owner’s plan cannot take (lapsed, or the month used up) is 409 "not taking bookings", and the owner is emailed at most once a day (docs/decisions/033).',
        body: ReservationCreateSchema,
        response: { 201: ReservationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createReservation(serviceDeps, await deps.currentUser(request), request.body)),
  );

  api.patch(
    '/api/reservations/:id',
    {
      schema: {
        tags,
        summary:
          'Edit a reservation or change its status (owner, admin, staff with the reservations permission)',
        description:
          "Accepting a client's request (confirmed or completed) or restoring a cancelled booking takes a place in the monthly plan limit (403 over it); a restored booking's dates must be free (409).",
        params: IdParams,
        body: ReservationUpdateSchema,
        response: { 200: ReservationSchema, ...errors },
      },
    },
    async (request) =>
      updateReservation(serviceDeps, await deps.currentUser(request), request.params.id, request.body),
  );

  api.post(
    '/api/reservations/:id/cancel',
    {
      schema: {
        tags,
        summary:
          "Cancel your own reservation (client) before it starts: a pending request free, a confirmed booking under the owner's cancellation policy; the owner is emailed",
        params: IdParams,
        response: { 200: ReservationSchema, ...errors },
      },
    },
    async (request) => cancelOwnReservation(serviceDeps, await deps.currentUser(request), request.params.id),
  );

  api.get(
    '/api/my/reservations/:id/cancellation',
    {
      schema: {
        tags,
        summary:
          "What cancelling your own booking now costs under the owner's cancellation policy (the booking's client only)",
        params: IdParams,
        response: { 200: CancellationPreviewSchema, ...errors },
      },
    },
    async (request) => cancellationPreview(serviceDeps, await deps.currentUser(request), request.params.id),
  );

  api.delete(
    '/api/reservations/:id',
    {
      schema: {
        tags,
        summary: 'Delete a reservation',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteReservation(deps.db, await deps.currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/reservations/bulk',
    {
      schema: {
        tags,
        summary:
          'Confirm, cancel or email a quote for several reservations (owner, admin, staff with the reservations permission)',
        description:
          'Each booking goes through the one-at-a-time action (PATCH status, or documents/send with kind quote): its checks, plan limit, availability and emails. The result lists each booking as done or refused with the reason that action gives; a booking of another business is refused.',
        body: ReservationBulkSchema,
        response: { 200: ReservationBulkResultSchema, ...errors },
      },
    },
    async (request) =>
      runBulkAction({ ...serviceDeps, storage: deps.storage }, await deps.currentUser(request), request.body),
  );

  api.get(
    '/api/properties/:id/availability',
    {
      schema: {
        security: PUBLIC_ACCESS,
        tags,
        summary: 'Bookable days from today to three months ahead (pending and confirmed stays block)',
        params: z.object({ id: z.uuid('Property not found') }),
        response: {
          200: AvailabilitySchema,
          ...errors,
        },
      },
    },
    (request) => availabilityOf(deps.db, request.params.id),
  );

  api.get(
    '/api/properties/:id/availability/times',
    {
      schema: {
        security: PUBLIC_ACCESS,
        tags,
        summary: "An hourly listing's bookable hours, minimum length and taken times on one day",
        params: z.object({ id: z.uuid('Property not found') }),
        querystring: DayTimesQuerySchema,
        response: { 200: DayTimesSchema, ...errors },
      },
    },
    (request) => dayTimesOf(deps.db, request.params.id, request.query.date),
  );
}
