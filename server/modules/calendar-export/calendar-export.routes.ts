import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALENDAR_EXPORT_MESSAGES, CalendarExportSchema } from '../../../domain/schemas/calendar-export.ts';
import type { AppDeps } from '../../app-deps.ts';
import { ownOrigin } from '../../http/cross-origin.ts';
import { AppError } from '../../http/errors.ts';
import { PUBLIC_ACCESS } from '../../http/openapi.ts';
import { ErrorResponseSchema } from '../account/account.schemas.ts';
import {
  getCalendarExport,
  matchesEtag,
  renderFeed,
  resetCalendarExport,
} from './calendar-export.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
/** Calendar apps poll every few minutes to hours; a copy five minutes old is good enough. */
export const FEED_CACHE_CONTROL = 'private, max-age=300';

/** Calendar export (docs/decisions/052): the owner's URL and reset, and the public feed. */
export function registerCalendarExportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['calendar export'];
  const params = z.object({ id: z.uuid('Property not found') });
  const originOf = (request: FastifyRequest) => ownOrigin(request, deps.config) ?? deps.config.PUBLIC_URL;

  api.get(
    '/api/properties/:id/calendar-export',
    {
      schema: {
        tags,
        summary: "The listing's private iCal feed URL (made on the first ask)",
        params,
        response: { 200: CalendarExportSchema, ...errors },
      },
    },
    async (request) =>
      getCalendarExport(deps.db, await deps.currentUser(request), request.params.id, originOf(request)),
  );

  api.post(
    '/api/properties/:id/calendar-export/reset',
    {
      schema: {
        tags,
        summary: 'A new feed URL for the listing: the old one stops working (404)',
        params,
        response: { 200: CalendarExportSchema, ...errors },
      },
    },
    async (request) =>
      resetCalendarExport(deps.db, await deps.currentUser(request), request.params.id, originOf(request)),
  );

  // The feed: no session, the token is the credential (its path segment is redacted from logs).
  app.register(async (scoped) => {
    await scoped.register(rateLimit, {
      max: deps.config.ICAL_FEED_REQUESTS_PER_MINUTE,
      timeWindow: 60_000,
      // Per feed, not per address: calendar services fetch many feeds from a few addresses.
      keyGenerator: (request: FastifyRequest) =>
        `ical:${(request.params as { token?: string }).token ?? request.ip}`,
      errorResponseBuilder: () =>
        new AppError(429, CALENDAR_EXPORT_MESSAGES.tooManyRequests, 'TOO_MANY_REQUESTS'),
    });
    scoped.withTypeProvider<ZodTypeProvider>().get(
      '/ical/:token',
      {
        schema: {
          tags,
          security: PUBLIC_ACCESS,
          summary:
            "A listing's bookings as an iCalendar feed (RFC 5545), named by its secret token: `<token>.ics`",
          params: z.object({ token: z.string().max(200) }),
          headers: z.object({ 'if-none-match': z.string().optional() }),
          response: {
            200: {
              description: 'The feed (text/calendar)',
              content: { 'text/calendar': { schema: z.string() } },
            },
            304: z.null().describe('Not modified: the ETag given in If-None-Match is current'),
            404: ErrorResponseSchema,
            429: ErrorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const feed = await renderFeed(deps.db, request.params.token);
        if (!feed) throw new AppError(404, CALENDAR_EXPORT_MESSAGES.feedNotFound, 'NOT_FOUND');
        reply.header('etag', feed.etag).header('cache-control', FEED_CACHE_CONTROL);
        if (matchesEtag(request.headers['if-none-match'], feed.etag)) return reply.code(304).send(null);
        return reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="calendar.ics"')
          .send(feed.body());
      },
    );
  });
}
