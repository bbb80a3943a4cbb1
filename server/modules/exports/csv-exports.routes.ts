import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ReservationExportQuerySchema } from '../../../domain/schemas/reservation-list.ts';
import type { AppDeps } from '../../app-deps.ts';
import { CsvResponse, sendCsv } from '../../http/csv.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { RESERVATION_MESSAGES } from '../reservations/reservation.service.ts';
import { billingLinesCsv, clientsCsv, reservationLinesCsv, reservationsCsv } from './csv-exports.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const ClientExportQuery = z.object({
  owner_id: z.uuid('Please choose a valid business').optional(),
  q: z.string().max(200, 'Search must be 200 characters or fewer').optional(),
});
const ReservationParams = z.object({ id: z.uuid(RESERVATION_MESSAGES.notFound) });
const filters =
  'The list’s filters and sort (status, propertyId, from, to, q, sort, order; as GET /api/reservations), every matching row';

/** CSV exports of Reservation Management, billing lines and My Clients (docs/decisions/056). */
export function registerCsvExportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/reservations/export.csv',
    {
      schema: {
        tags: ['reservations'],
        summary:
          'Reservation Management as CSV: the bookings you may manage (owner, staff with the reservations permission, admin)',
        description: `${filters}, in the list’s order, each with its balance due.`,
        querystring: ReservationExportQuerySchema,
        response: { 200: CsvResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(reply, await reservationsCsv(deps.db, await deps.currentUser(request), request.query)),
  );

  api.get(
    '/api/reservations/billing-lines.csv',
    {
      schema: {
        tags: ['billing'],
        summary: 'The billing lines of the bookings Reservation Management lists, as CSV',
        description: `${filters}; each booking’s not-voided lines, oldest first.`,
        querystring: ReservationExportQuerySchema,
        response: { 200: CsvResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(reply, await billingLinesCsv(deps.db, await deps.currentUser(request), request.query)),
  );

  api.get(
    '/api/reservations/:id/transactions.csv',
    {
      schema: {
        tags: ['billing'],
        summary:
          'A reservation’s billing lines as CSV (its owner, an admin, or staff with the reservations permission)',
        params: ReservationParams,
        response: { 200: CsvResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(reply, await reservationLinesCsv(deps.db, await deps.currentUser(request), request.params.id)),
  );

  api.get(
    '/api/clients/export.csv',
    {
      schema: {
        tags: ['clients'],
        summary:
          'My Clients as CSV: the clients matching q, with bookings, billed, received and balance due (owner, staff with the tenants permission, admin naming owner_id)',
        querystring: ClientExportQuery,
        response: { 200: CsvResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await clientsCsv(deps.db, await deps.currentUser(request), request.query.q, request.query.owner_id),
      ),
  );
}
