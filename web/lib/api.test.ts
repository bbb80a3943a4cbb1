import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReservationSchema } from '../../domain/schemas/reservation.ts';
import { mockApi } from '../test/render.tsx';
import { aReservation } from '../test/wire-fixtures.ts';
import { ApiError, api, UNEXPECTED_RESPONSE } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

describe('api: responses are parsed with the domain schema of the route', () => {
  it('returns the parsed body when it matches', async () => {
    const reservation = aReservation();
    mockApi(() => ({ body: reservation }));
    await expect(api.get('/api/reservations/x', ReservationSchema)).resolves.toEqual(reservation);
  });

  it('a body missing a field the schema names fails loudly instead of reaching a screen', async () => {
    const { total_price_cents: _dropped, ...withoutTotal } = aReservation();
    mockApi(() => ({ body: withoutTotal }));
    const failure = api.get('/api/reservations/x', ReservationSchema);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 502, message: UNEXPECTED_RESPONSE });
  });

  it("a refusal keeps the server's status and message", async () => {
    mockApi(() => ({ status: 403, body: { error: 'FORBIDDEN', message: 'Only owners can manage clients' } }));
    await expect(api.post('/api/clients', {}, ReservationSchema)).rejects.toMatchObject({
      status: 403,
      message: 'Only owners can manage clients',
      code: 'FORBIDDEN',
    });
  });
});
