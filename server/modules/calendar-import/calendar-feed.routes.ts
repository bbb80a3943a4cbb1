import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CalendarFeedCreatedSchema,
  CalendarFeedCreateSchema,
  CalendarSyncOverviewSchema,
} from '../../../domain/schemas/calendar-import.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Config } from '../../config.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import { publicAddressesAnd } from './address-policy.ts';
import { addFeed, calendarSyncOverview, removeFeed, syncFeedNow } from './calendar-feed.service.ts';
import type { SafeFetchOptions } from './safe-fetch.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** How feeds are fetched: public addresses only, plus the test-only allowances of the configuration. */
export function feedFetchOptions(config: Config): SafeFetchOptions {
  return { policy: publicAddressesAnd(config.CALENDAR_IMPORT_ALLOW_PRIVATE_HOSTS) };
}

export function registerCalendarImportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['calendar import'];
  const fetch = feedFetchOptions(deps.config);

  api.get(
    '/api/properties/:id/calendar-feeds',
    {
      schema: {
        tags,
        summary: "A listing's imported calendars with their last sync and errors, and the conflicts found",
        params: z.object({ id: z.uuid('Property not found') }),
        response: { 200: CalendarSyncOverviewSchema, ...errors },
      },
    },
    async (request) => calendarSyncOverview(deps.db, await deps.currentUser(request), request.params.id),
  );

  api.post(
    '/api/properties/:id/calendar-feeds',
    {
      schema: {
        tags,
        summary: 'Import an iCal calendar (Airbnb, Booking.com, Google) into a listing; it is read at once',
        params: z.object({ id: z.uuid('Property not found') }),
        body: CalendarFeedCreateSchema,
        response: { 201: CalendarFeedCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await addFeed(
        deps.db,
        await deps.currentUser(request),
        request.params.id,
        request.body,
        fetch,
      );
      return reply.status(201).send(created);
    },
  );

  api.post(
    '/api/calendar-feeds/:id/sync',
    {
      schema: {
        tags,
        summary: 'Read an imported calendar now and replace its blocked dates',
        params: z.object({ id: z.uuid('Calendar feed not found') }),
        response: { 200: CalendarFeedCreatedSchema, ...errors },
      },
    },
    async (request) => syncFeedNow(deps.db, await deps.currentUser(request), request.params.id, fetch),
  );

  api.delete(
    '/api/calendar-feeds/:id',
    {
      schema: {
        tags,
        summary: 'Stop importing a calendar: its blocked dates are removed',
        params: z.object({ id: z.uuid('Calendar feed not found') }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeFeed(deps.db, await deps.currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
