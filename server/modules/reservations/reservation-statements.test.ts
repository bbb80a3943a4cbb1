import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReservationCreateSchema } from '../../../domain/schemas/reservation.ts';
import { bookingBody, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createReservation } from './reservation-create.ts';

/**
 * A client's request costs two statements, whatever it writes (docs/decisions/067, 075, 080): one read
 * of what the booking needs that also finds or makes the client's record (and locks it), and one write
 * of the reservation with its audit row, emails and notices, which counts the client's open requests
 * as its condition.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

describe('createReservation statements', () => {
  it('a client request on an uncapped plan: 2 statements in one transaction, everything written', async () => {
    const owner = await signInOwner(t, 'business');
    const title = `Statement cottage ${randomUUID().slice(0, 6)}`;
    const property = await insertProperty(t.db, owner.user.id, { title });
    const client = await t.signInAs({ role: 'client' });
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', client.user.id)
      .executeTakeFirstOrThrow();
    // transformResult runs once per statement executed (transformQuery also sees subqueries).
    const statements: unknown[] = [];
    const counting = t.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements.push(args.queryId);
        return args.result;
      },
    });

    const input = ReservationCreateSchema.parse(bookingBody(property.id, 30, 2));
    const created = await createReservation(
      { db: counting, publicUrl: t.config.PUBLIC_URL, pokeMail: () => {} },
      user,
      input,
    );

    expect(statements).toHaveLength(2);
    expect(created).toMatchObject({
      property_id: property.id,
      status: 'pending',
      property: { title },
      client: { email: user.email },
    });
    const stored = await t.db
      .selectFrom('reservations')
      .select(['reference', 'created_at'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(created.reference).toBe(stored.reference);
    expect(created.created_at).toBe(stored.created_at.toISOString());
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'changes', 'summary'])
      .where('reservation_id', '=', created.id)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'created', summary: `Reservation ${created.reference} created` }),
    ]);
    expect(audit[0]?.changes).toMatchObject({
      status: { before: null, after: 'pending' },
      start_date: { before: null, after: created.start_date },
      discount_percent: { before: null, after: 0 },
    });
    const mails = await t.db
      .selectFrom('email_outbox')
      .select('to_address')
      .where('subject', 'like', `%${title}%`)
      .orderBy('to_address')
      .execute();
    expect(mails.map((mail) => mail.to_address).sort()).toEqual([owner.user.email, user.email].sort());
    const bell = await t.db
      .selectFrom('in_app_notifications')
      .select(['user_id', 'kind'])
      .where('link', '=', `/reservation-management?reservation=${created.id}`)
      .execute();
    expect(bell).toEqual([{ user_id: owner.user.id, kind: 'booking_request' }]);

    // The client's record with this business was made with the first statement, linked to their
    // account; their next request reuses it.
    const records = () =>
      t.db
        .selectFrom('clients')
        .select(['id', 'user_id', 'first_name', 'last_name'])
        .where('owner_id', '=', owner.user.id)
        .where('email', '=', user.email)
        .execute();
    const [record] = await records();
    expect(record).toEqual({
      id: created.client_id,
      user_id: user.id,
      first_name: user.first_name,
      last_name: user.last_name,
    });
    const again = await createReservation(
      { db: t.db, publicUrl: t.config.PUBLIC_URL, pokeMail: () => {} },
      user,
      ReservationCreateSchema.parse(bookingBody(property.id, 40, 2)),
    );
    expect(again.client_id).toBe(created.client_id);
    expect(await records()).toHaveLength(1);
  });
});
