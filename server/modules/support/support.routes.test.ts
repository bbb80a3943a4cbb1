import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUPPORT_MESSAGES,
  type SupportInboxPage,
  type SupportRequestList,
  type SupportThread,
} from '../../../domain/schemas/support.ts';
import { SUPPORT_BOUNDS } from '../../../domain/support.ts';
import {
  bookingBody,
  createdReservation,
  expectError,
  insertProperty,
  setPlan,
  signInOwner,
} from '../../test/booking-fixtures.ts';
import { ownerWithDetails } from '../../test/document-fixtures.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/harness.ts';
import { type Person, type PersonKey, testPeople } from '../../test/people.ts';
import { supportReplySubject } from './support-mails.ts';

let t: TestApp;
let person: (key: PersonKey) => Promise<Person>;
beforeAll(async () => {
  t = await createTestApp();
  person = testPeople(t);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const MINE = '/api/support/requests';
const INBOX = '/api/admin/support/requests';
const question = (extra: Record<string, unknown> = {}) => ({
  subject: 'My deposit',
  message: 'When is my deposit paid back?',
  ...extra,
});

async function ask(cookie: string, extra: Record<string, unknown> = {}): Promise<SupportThread> {
  const response = await t.post(MINE, question(extra), { cookie });
  if (response.statusCode !== 201)
    throw new Error(`expected 201, got ${response.statusCode} ${response.body}`);
  return response.json<SupportThread>();
}

const mine = async (cookie: string) => (await t.get(MINE, { cookie })).json<SupportRequestList>().items;
const admin = () => person('admin');

/** Every inbox item, all pages, in the inbox's order. */
async function wholeInbox(query = ''): Promise<SupportInboxPage['items']> {
  const items: SupportInboxPage['items'] = [];
  for (let page = 1; ; page++) {
    const response = await t.get(`${INBOX}?page=${page}&page_size=100${query}`, {
      cookie: (await admin()).cookie,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<SupportInboxPage>();
    items.push(...body.items);
    if (page * body.page_size >= body.total) return items;
  }
}

const countRequests = async () =>
  Number(
    (
      await t.db
        .selectFrom('support_requests')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('asking a question (POST /api/support/requests)', () => {
  it('anonymous: 401 everywhere', async () => {
    expect((await t.get(MINE)).statusCode).toBe(401);
    expect((await t.post(MINE, question())).statusCode).toBe(401);
    expect((await t.get(INBOX)).statusCode).toBe(401);
  });

  it.each<PersonKey>(['client', 'owner', 'backoffice', 'frontoffice', 'admin'])(
    'a %s asks, sees the request and its thread; another user cannot',
    async (key) => {
      const sender = await person(key);
      const thread = await ask(sender.cookie);
      expect(thread).toMatchObject({
        subject: 'My deposit',
        state: 'open',
        booking_reference: null,
        message_count: 1,
        sender: { id: sender.user.id },
      });
      expect(thread.messages).toEqual([
        expect.objectContaining({ body: 'When is my deposit paid back?', from_admin: false }),
      ]);
      expect((await mine(sender.cookie)).map((request) => request.id)).toContain(thread.id);
      expect((await t.get(`${MINE}/${thread.id}`, { cookie: sender.cookie })).statusCode).toBe(200);

      const stranger = await person('otherOwner');
      expect((await mine(stranger.cookie)).map((request) => request.id)).not.toContain(thread.id);
      expectError(
        await t.get(`${MINE}/${thread.id}`, { cookie: stranger.cookie }),
        404,
        SUPPORT_MESSAGES.notFound,
      );
      expectError(
        await t.post(`${MINE}/${thread.id}/messages`, { message: 'Me too' }, { cookie: stranger.cookie }),
        404,
        SUPPORT_MESSAGES.notFound,
      );
      // The admin reads any request.
      expect((await t.get(`${MINE}/${thread.id}`, { cookie: (await admin()).cookie })).statusCode).toBe(200);
    },
  );

  it('a staff member’s own requests are theirs, not their owner’s', async () => {
    const staff = await person('backoffice');
    const thread = await ask(staff.cookie, { subject: 'Staff only' });
    const owner = await person('owner');
    expect((await mine(owner.cookie)).map((request) => request.id)).not.toContain(thread.id);
    expect((await t.get(`${MINE}/${thread.id}`, { cookie: owner.cookie })).statusCode).toBe(404);
  });

  it.each([
    ['an empty subject', { subject: ' ' }, 'Subject is required'],
    ['a subject too long', { subject: 'x'.repeat(121) }, 'Subject must be 120 characters or fewer'],
    ['an empty message', { message: '' }, 'Message is required'],
    ['a message too long', { message: 'x'.repeat(5001) }, 'Message must be 5000 characters or fewer'],
    [
      'a malformed reference',
      { booking_reference: 'booking 12' },
      'A booking reference looks like RZ-7K3M9Q',
    ],
  ])('400 for %s, and nothing is stored', async (_, extra, message) => {
    const sender = await person('client');
    const before = await countRequests();
    const response = await t.post(MINE, question(extra), { cookie: sender.cookie });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
    expect(await countRequests()).toBe(before);
  });

  it('400 for an id that is not one, 404 for a request that does not exist', async () => {
    const { cookie } = await person('client');
    expect((await t.get(`${MINE}/nope`, { cookie })).statusCode).toBe(400);
    expectError(
      await t.get(`${MINE}/00000000-0000-4000-8000-000000000000`, { cookie }),
      404,
      SUPPORT_MESSAGES.notFound,
    );
  });
});

describe('a booking reference', () => {
  it('must be one of the sender’s own bookings: as a guest, or of their business for owners and staff', async () => {
    const host = await ownerWithDetails(t);
    const hostStaff = await t.signInAs({ role: 'frontoffice', parentOwnerId: host.user.id });
    const guest = await t.signInAs({ role: 'client' });
    const property = await insertProperty(t.db, host.user.id);
    const booking = createdReservation(
      await t.post('/api/reservations', bookingBody(property.id, 12, 2), { cookie: guest.cookie }),
    );

    for (const sender of [guest, host, hostStaff]) {
      const thread = await ask(sender.cookie, { booking_reference: booking.reference.toLowerCase() });
      expect(thread.booking_reference).toBe(booking.reference);
    }
    const stored = await t.db
      .selectFrom('support_requests')
      .select('reservation_id')
      .where('booking_reference', '=', booking.reference)
      .execute();
    expect(stored.map((row) => row.reservation_id)).toEqual([booking.id, booking.id, booking.id]);

    // Not someone else's booking, nor a reference nobody has.
    for (const key of ['client', 'otherOwner', 'otherBackoffice', 'admin'] as const) {
      const before = await countRequests();
      expectError(
        await t.post(MINE, question({ booking_reference: booking.reference }), {
          cookie: (await person(key)).cookie,
        }),
        400,
        SUPPORT_MESSAGES.unknownReference,
      );
      expect(await countRequests()).toBe(before);
    }
    expectError(
      await t.post(MINE, question({ booking_reference: 'RZ-ZZZZZZ' }), { cookie: guest.cookie }),
      400,
      SUPPORT_MESSAGES.unknownReference,
    );
  });
});

describe('the bound on open requests', () => {
  it(`allows ${SUPPORT_BOUNDS.openRequestsMax} requests not closed; closing one makes room`, async () => {
    const sender = await t.signInAs({ role: 'client' });
    const threads: SupportThread[] = [];
    for (let n = 0; n < SUPPORT_BOUNDS.openRequestsMax; n++) threads.push(await ask(sender.cookie));
    expectError(await t.post(MINE, question(), { cookie: sender.cookie }), 400, SUPPORT_MESSAGES.tooManyOpen);
    expect(await mine(sender.cookie)).toHaveLength(SUPPORT_BOUNDS.openRequestsMax);

    const first = threads[0]?.id ?? '';
    expect(
      (await t.post(`${INBOX}/${first}/close`, undefined, { cookie: (await admin()).cookie })).statusCode,
    ).toBe(200);
    await ask(sender.cookie);
    // Reopening is always allowed: the sender's reply to a closed request is not a new request.
    expect(
      (await t.post(`${MINE}/${first}/messages`, { message: 'Still there?' }, { cookie: sender.cookie }))
        .statusCode,
    ).toBe(200);
  });
});

describe('the support inbox (GET /api/admin/support/requests)', () => {
  it.each<PersonKey>(['client', 'owner', 'backoffice', 'frontoffice'])(
    'a %s is refused the inbox, replying and closing',
    async (key) => {
      const { cookie } = await person(key);
      const thread = await ask(cookie);
      expect((await t.get(INBOX, { cookie })).statusCode).toBe(403);
      expect(
        (await t.post(`${INBOX}/${thread.id}/replies`, { message: 'Self-service' }, { cookie })).statusCode,
      ).toBe(403);
      expect((await t.post(`${INBOX}/${thread.id}/close`, undefined, { cookie })).statusCode).toBe(403);
      const unchanged = (await t.get(`${MINE}/${thread.id}`, { cookie })).json<SupportThread>();
      expect(unchanged).toMatchObject({ state: 'open', message_count: 1 });
    },
  );

  it('orders Business senders first even when newer, then Pro (owner and staff), then Starter and clients, each oldest first', async () => {
    const starterOwner = await signInOwner(t, 'starter');
    const client = await t.signInAs({ role: 'client' });
    const proOwner = await signInOwner(t, 'pro');
    const proStaff = await t.signInAs({ role: 'backoffice', parentOwnerId: proOwner.user.id });
    const noSubscription = await t.signInAs({ role: 'owner' });
    const businessOwner = await signInOwner(t, 'business');

    const asked: Record<string, string> = {};
    for (const [name, sender] of Object.entries({
      starterOwner,
      client,
      proOwner,
      proStaff,
      noSubscription,
      businessOwner,
    })) {
      asked[(await ask(sender.cookie, { subject: `Order ${name}` })).id] = name;
    }
    const inbox = await wholeInbox('&state=open');
    const ours = inbox.filter((item) => item.id in asked);
    expect(ours.map((item) => asked[item.id])).toEqual([
      'businessOwner',
      'proOwner',
      'proStaff',
      'starterOwner',
      'client',
      'noSubscription',
    ]);
    expect(ours.map((item) => item.sender.plan)).toEqual([
      'business',
      'pro',
      'pro',
      'starter',
      null,
      'starter',
    ]);

    // The whole inbox keeps the rule: plans in priority order, each oldest first.
    const rank = { business: 0, pro: 1, starter: 2 } as const;
    const keys = inbox.map((item) => [
      item.sender.plan ? rank[item.sender.plan] : 2,
      Date.parse(item.created_at),
    ]);
    const sorted = [...keys].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0));
    expect(keys).toEqual(sorted);

    // A plan change moves the business's requests at once.
    await setPlan(t.db, starterOwner.user.id, 'business');
    const moved = (await wholeInbox('&state=open')).filter((item) => item.id in asked);
    expect(moved.map((item) => asked[item.id]).slice(0, 2)).toEqual(['starterOwner', 'businessOwner']);
  });

  it('filters by state and refuses an unknown one', async () => {
    const { cookie } = await admin();
    const closed = await wholeInbox('&state=closed');
    expect(closed.every((item) => item.state === 'closed')).toBe(true);
    expect((await t.get(`${INBOX}?state=pending`, { cookie })).statusCode).toBe(400);
    expect((await t.get(`${INBOX}?page_size=101`, { cookie })).statusCode).toBe(400);
  });
});

describe('replying, closing and reopening', () => {
  it('an admin’s reply is in the thread, answers the request and is emailed with the link back', async () => {
    const sender = await signInOwner(t, 'pro');
    const thread = await ask(sender.cookie, { subject: 'Calendar sync' });
    const replied = await t.post(
      `${INBOX}/${thread.id}/replies`,
      { message: 'Open Calendar and choose Export.' },
      { cookie: (await admin()).cookie },
    );
    expect(replied.statusCode).toBe(200);
    expect(replied.json<SupportThread>()).toMatchObject({ state: 'answered', message_count: 2 });

    const seen = (await t.get(`${MINE}/${thread.id}`, { cookie: sender.cookie })).json<SupportThread>();
    expect(seen.state).toBe('answered');
    expect(seen.messages.map((message) => [message.from_admin, message.author_name, message.body])).toEqual([
      [false, `${sender.user.first_name} ${sender.user.last_name}`, 'When is my deposit paid back?'],
      [true, 'Rentza support', 'Open Calendar and choose Export.'],
    ]);
    expect((await mine(sender.cookie)).find((request) => request.id === thread.id)?.state).toBe('answered');

    const mail = await t.waitForMail(sender.user.email, /Rentza support replied/);
    expect(mail.subject).toBe(supportReplySubject('Calendar sync'));
    expect(mail.text).toContain('Open Calendar and choose Export.');
    expect(mail.link).toBe(`${TEST_PUBLIC_URL}/help/${thread.id}`);

    // The bell has it too, linking to the thread.
    const bell = await t.get('/api/me/notifications', { cookie: sender.cookie });
    expect(bell.json().items).toContainEqual(
      expect.objectContaining({ kind: 'support_reply', body: 'Calendar sync', link: `/help/${thread.id}` }),
    );
  });

  it('an admin closes; the sender reopens by writing; admins cannot write as the sender', async () => {
    const sender = await t.signInAs({ role: 'client' });
    const thread = await ask(sender.cookie);
    const { cookie: adminCookie } = await admin();
    const closed = await t.post(`${INBOX}/${thread.id}/close`, undefined, { cookie: adminCookie });
    expect(closed.json<SupportThread>().state).toBe('closed');
    // Closing again changes nothing.
    expect(
      (await t.post(`${INBOX}/${thread.id}/close`, undefined, { cookie: adminCookie })).json().state,
    ).toBe('closed');

    expect(
      (await t.post(`${MINE}/${thread.id}/messages`, { message: 'Hi' }, { cookie: adminCookie })).statusCode,
    ).toBe(403);
    expectError(
      await t.post(`${MINE}/${thread.id}/messages`, { message: ' ' }, { cookie: sender.cookie }),
      400,
      'Message is required',
    );
    const reopened = await t.post(
      `${MINE}/${thread.id}/messages`,
      { message: 'It happened again.' },
      { cookie: sender.cookie },
    );
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json<SupportThread>()).toMatchObject({ state: 'open', message_count: 2 });

    expectError(
      await t.post(
        `${INBOX}/00000000-0000-4000-8000-000000000000/replies`,
        { message: 'Hi' },
        { cookie: adminCookie },
      ),
      404,
      SUPPORT_MESSAGES.notFound,
    );
    expectError(
      await t.post(`${INBOX}/${thread.id}/replies`, { message: '' }, { cookie: adminCookie }),
      400,
      'Message is required',
    );
  });
});
