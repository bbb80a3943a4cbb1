import { strToU8, zipSync } from 'fflate';
import type { Kysely } from 'kysely';
import type { Database, User } from '../../db/types.ts';

/**
 * POPIA right of access (docs/decisions/054): everything Rentza holds about the signed-in person, as
 * JSON files in a ZIP. Only their own data: bookings are those whose client record is linked to
 * them; an owner gets their business's own data (details, listings, subscription) but not their
 * customers' personal data, staff get their staff record. No password hashes, tokens or secrets.
 */
export async function collectPersonalData(
  db: Kysely<Database>,
  user: User,
): Promise<{ files: Record<string, unknown>; pdfs: Record<string, Uint8Array> }> {
  const sessions = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'updated_at', 'expires_at', 'ip_address', 'user_agent'])
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .execute();
  const profile = {
    user: {
      id: user.id,
      email: user.email,
      email_verified: user.email_verified,
      name: user.name,
      first_name: user.first_name,
      last_name: user.last_name,
      phone: user.phone,
      image: user.image,
      role: user.role,
      region: user.region,
      culture: user.culture,
      settings: user.settings,
      is_active: user.is_active,
      permissions: user.permissions,
      terms_accepted_at: user.terms_accepted_at,
      terms_version: user.terms_version,
      created_at: user.created_at,
      updated_at: user.updated_at,
    },
    sessions,
  };

  // The records businesses keep about them as a client (their own details, as each business has them).
  const clientRecords = await db
    .selectFrom('clients as c')
    .leftJoin('business_details as b', 'b.owner_id', 'c.owner_id')
    .select([
      'c.id',
      'c.first_name',
      'c.last_name',
      'c.email',
      'c.phone',
      'c.region',
      'c.address',
      'c.vat_number',
      'c.created_at',
      'b.trading_name as business_name',
    ])
    .where('c.user_id', '=', user.id)
    .orderBy('c.created_at')
    .execute();
  const reservations = await db
    .selectFrom('reservations as r')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .innerJoin('properties as p', 'p.id', 'r.property_id')
    .select([
      'r.id',
      'r.reference',
      'r.client_id',
      'r.property_id',
      'p.title as property_title',
      'p.type as property_type',
      'p.city as property_city',
      'r.start_date',
      'r.end_date',
      'r.start_time',
      'r.end_time',
      'r.status',
      'r.guests',
      'r.special_requests',
      'r.total_price_cents',
      'r.booked_price_cents',
      'r.security_deposit_cents',
      'r.tax_percent',
      'r.discount_percent',
      'r.voucher_number',
      'r.purchase_order_number',
      'r.agreement_accepted_at',
      'r.created_at',
      'r.updated_at',
    ])
    .where('c.user_id', '=', user.id)
    .orderBy('r.start_date')
    .orderBy('r.id')
    .execute();
  const reservationIds = reservations.map((r) => r.id);
  const lines = reservationIds.length
    ? await db
        .selectFrom('reservation_transactions')
        .select([
          'id',
          'reservation_id',
          'kind',
          'description',
          'quantity',
          'unit',
          'unit_price_cents',
          'tax_percent',
          'discount_percent',
          'sub_total_cents',
          'tax_cents',
          'total_cents',
          'payment_amount_cents',
          'payment_method',
          'transaction_ref',
          'note',
          'voided_at',
          'created_at',
        ])
        .where('reservation_id', 'in', reservationIds)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    : [];
  const bookings = {
    client_records: clientRecords,
    bookings: reservations.map((r) => ({
      ...r,
      billing_lines: lines.filter((line) => line.reservation_id === r.id),
    })),
  };

  const documentRows = reservationIds.length
    ? await db
        .selectFrom('documents')
        .select([
          'id',
          'reservation_id',
          'kind',
          'series',
          'number',
          'issue_date',
          'replaces_id',
          'credits_id',
          'total_cents',
          'tax_cents',
          'snapshot',
          'pdf',
          'created_at',
        ])
        .where('reservation_id', 'in', reservationIds)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    : [];
  const pdfs: Record<string, Uint8Array> = {};
  const documents = documentRows.map(({ pdf, ...document }) => {
    const file = pdf ? `documents/${document.kind}-${document.number ?? document.id}.pdf` : null;
    if (pdf && file) pdfs[file] = new Uint8Array(pdf);
    return { ...document, pdf_file: file };
  });

  const notifications = await db
    .selectFrom('in_app_notifications')
    .select(['id', 'kind', 'title', 'body', 'link', 'read_at', 'created_at'])
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .execute();
  const requests = await db
    .selectFrom('support_requests')
    .select(['id', 'subject', 'state', 'booking_reference', 'created_at', 'updated_at'])
    .where('sender_id', '=', user.id)
    .orderBy('created_at')
    .execute();
  const supportMessages = requests.length
    ? await db
        .selectFrom('support_messages')
        .select(['request_id', 'from_admin', 'body', 'created_at'])
        .where(
          'request_id',
          'in',
          requests.map((r) => r.id),
        )
        .orderBy('created_at')
        .execute()
    : [];
  const emails = await db
    .selectFrom('email_outbox')
    .select(['subject', 'text', 'status', 'created_at', 'sent_at'])
    .where('to_address', '=', user.email)
    .orderBy('created_at')
    .execute();
  const messages = {
    in_app_notifications: notifications,
    support_requests: requests.map((request) => ({
      ...request,
      messages: supportMessages
        .filter((m) => m.request_id === request.id)
        .map(({ request_id: _, ...m }) => m),
    })),
    emails,
  };

  const files: Record<string, unknown> = {
    'profile.json': profile,
    'bookings.json': bookings,
    'documents.json': { documents },
    'messages.json': messages,
  };
  if (user.role === 'owner') files['business.json'] = await collectBusiness(db, user.id);
  if (user.parent_owner_id) files['staff.json'] = await collectStaffRecord(db, user);
  return { files, pdfs };
}

async function collectBusiness(db: Kysely<Database>, ownerId: string) {
  const details = await db
    .selectFrom('business_details')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  const profile = await db
    .selectFrom('business_profiles')
    .select(['slug', 'description', 'show_email', 'show_phone', 'published', 'created_at', 'updated_at'])
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  const listings = await db
    .selectFrom('properties')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at')
    .execute();
  const subscription = await db
    .selectFrom('subscriptions')
    .select([
      'id',
      'plan_id',
      'status',
      'current_period_start',
      'current_period_end',
      'cancel_at_period_end',
      'payment_method',
      'payment_processor',
      'saved_method_type',
      'saved_method_brand',
      'created_at',
    ])
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  const invoices = await db
    .selectFrom('subscription_invoices')
    .select([
      'id',
      'number',
      'invoice_date',
      'description',
      'plan_id',
      'amount_cents',
      'vat_cents',
      'status',
      'period_start',
      'period_end',
      'snapshot',
    ])
    .where('owner_id', '=', ownerId)
    .orderBy('number')
    .execute();
  return {
    note: 'Your business records about your customers (clients, their bookings and documents) are not in this file: export them from your business screens.',
    business_details: details ?? null,
    public_profile: profile ?? null,
    listings,
    subscription: subscription ?? null,
    subscription_invoices: invoices,
  };
}

async function collectStaffRecord(db: Kysely<Database>, user: User) {
  const business = await db
    .selectFrom('business_details')
    .select('trading_name')
    .where('owner_id', '=', user.parent_owner_id ?? '')
    .executeTakeFirst();
  return {
    role: user.role,
    business_name: business?.trading_name ?? null,
    permissions: user.permissions,
    is_active: user.is_active,
  };
}

const README = `Your Rentza data
================

This archive holds the personal data Rentza keeps about you, as on the date in its file name
(POPIA, the Protection of Personal Information Act: your right of access).

profile.json    Your account: name, email, phone, role, settings, when you accepted the terms,
                and your signed-in sessions (devices and addresses; no tokens or passwords).
bookings.json   The client records businesses keep about you and your bookings, each with the
                billing lines (charges, payments, deposits) you were billed.
documents.json  Quotes, tax invoices, credit notes and confirmations addressed to you, as issued.
                The PDFs are in the documents folder.
messages.json   Your in-app notifications, your support requests with their replies, and the
                emails Rentza sent to your address.
business.json   (Owners) Your business details, public profile, listings, subscription and
                Rentza's tax invoices to you. Your customers' personal data is not included.
staff.json      (Staff) The business you work for, your role and permissions.

Amounts are in cents of South African rand (ZAR); dates are YYYY-MM-DD, end dates exclusive.
To delete your account, open My Profile > Your data > Delete my account. See /privacy.
`;

/** The ZIP: README.txt, the JSON files (2-space indented) and the stored document PDFs. */
export async function buildDataExport(db: Kysely<Database>, user: User): Promise<Uint8Array> {
  const { files, pdfs } = await collectPersonalData(db, user);
  const entries: Record<string, Uint8Array> = { 'README.txt': strToU8(README) };
  for (const [name, content] of Object.entries(files)) {
    entries[name] = strToU8(`${JSON.stringify(content, null, 2)}\n`);
  }
  Object.assign(entries, pdfs);
  return zipSync(entries, { level: 6 });
}
