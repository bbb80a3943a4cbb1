import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

interface PgError {
  code?: string;
  message?: string;
  constraint?: string;
}

/**
 * A reservation that issued documents or billing lines refer to is kept (docs/decisions/006, 017):
 * the database refuses the delete (ON DELETE RESTRICT: 23001; NO ACTION: 23503) and the user is
 * told what to do instead.
 */
export const RESERVATION_KEPT_MESSAGE =
  'This reservation has documents or billing lines and is kept for the records. Cancel it instead.';

/**
 * The exclusion constraint's refusal (SQLSTATE 23P01): another booking, or a block, holds those
 * dates. The writes of bookings and blocks say which (reservations/dates-conflict.ts); a refusal
 * that reaches this handler unnamed says the dates are taken.
 */
export const DATES_TAKEN_MESSAGE = 'Those dates are no longer available. Please choose different dates.';

function isKeptReservation(error: PgError): boolean {
  return (
    (error.code === '23001' || error.code === '23503') &&
    /update or delete on table "reservations"/.test(error.message ?? '')
  );
}

/**
 * The last line of defence behind the schemas' bounds (docs/decisions/025): PostgreSQL refusing a
 * value it cannot hold is the caller's bad input, not a server failure.
 */
const REFUSED_VALUES: Record<string, string> = {
  '22003': 'A number in the request is too large.',
  '22007': 'A date in the request is not valid.',
  '22008': 'A date in the request is out of range.',
  '22P02': 'A value in the request is not valid.',
  '22021': 'Text in the request contains a character that cannot be stored.',
  '22P05': 'Text in the request contains a character that cannot be stored.',
  '54001': 'The request is too complex.',
};

/** One error handler: validation → 400 with per-field messages, AppError → its status, else 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        if (!(field in fieldErrors)) fieldErrors[field] = issue.message ?? 'Invalid value';
      }
      const first = Object.values(fieldErrors)[0] ?? 'Invalid request';
      return reply.status(400).send({ error: 'BAD_REQUEST', message: first, fieldErrors });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: error.code ?? 'ERROR', message: error.message });
    }
    if (isKeptReservation(error as PgError)) {
      return reply.status(409).send({ error: 'CONFLICT', message: RESERVATION_KEPT_MESSAGE });
    }
    if ((error as PgError).code === '23P01') {
      return reply.status(409).send({ error: 'CONFLICT', message: DATES_TAKEN_MESSAGE });
    }
    const refusedValue = REFUSED_VALUES[(error as PgError).code ?? ''];
    if (refusedValue) {
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send({ error: 'BAD_REQUEST', message: refusedValue });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.statusCode && fastifyError.statusCode < 500) {
      return reply
        .status(fastifyError.statusCode)
        .send({ error: fastifyError.code ?? 'ERROR', message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      error: 'INTERNAL',
      message: 'A server error occurred. Please try again later or contact support.',
    });
  });
}
