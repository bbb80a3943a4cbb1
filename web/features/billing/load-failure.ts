import { useEffect } from 'react';
import { translateGeneralError } from '../../../domain/errors.ts';
import { ApiError } from '../../lib/api.ts';
import { notifyError } from '../../lib/notify.ts';

/** The billing setup screens' words (spec §8). */
export const NOT_SIGNED_IN = 'Not signed in';

/** Tells the user when a list fails to load: 'Not signed in' when the session has gone, else `message`. */
export function useLoadFailure(query: { isError: boolean; error: unknown }, message: string): void {
  const signedOut = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (query.isError) notifyError(signedOut ? NOT_SIGNED_IN : message);
  }, [query.isError, signedOut, message]);
}

/**
 * What a failed save or delete says: the server's message (e.g. the overlap), or the general
 * translation of a network or server failure. The earlier app said nothing.
 */
export function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return error.message;
  return translateGeneralError({
    status: error instanceof ApiError ? error.status : undefined,
    message: error instanceof Error ? error.message : null,
  });
}
