import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { PaymentMethod, PayoutMethod, TransactionKind } from '../../domain/billing.ts';
import type { BookedRates } from '../../domain/booking-total.ts';
import type { DocumentKind, DocumentSeries } from '../../domain/documents.ts';
import type {
  DepositType,
  PaymentTerms,
  PlanKind,
  SecurityDepositCollection,
} from '../../domain/payment-plan.ts';
import type { Permissions } from '../../domain/permissions.ts';
import type { PhotographyStatus } from '../../domain/photography.ts';
import type { PlanId, SubscriptionStatus } from '../../domain/plans.ts';
import type { PropertyStatus, PropertyType } from '../../domain/property.ts';
import type { Role } from '../../domain/roles.ts';
import type { AuditChanges } from '../../domain/schemas/audit.ts';
import type { BANK_ACCOUNT_TYPES } from '../../domain/schemas/business-details.ts';
import type { DocumentSnapshot } from '../../domain/schemas/documents.ts';
import type { InAppNotificationKind } from '../../domain/schemas/in-app-notifications.ts';
import type { NotificationSettings } from '../../domain/schemas/notification-settings.ts';
import type { Specifications } from '../../domain/schemas/property.ts';
import type { GatewayId } from '../../domain/schemas/subscription.ts';
import type { AddOnId, PaymentKind, SubscriptionPaymentMethod } from '../../domain/subscriptions.ts';
import type { SupportState } from '../../domain/support.ts';

type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UserSettings {
  currency: string;
  dateFormat: string;
  timeFormat: string;
  language: string;
  /** Absent on accounts that never saved them: read with domain/notifications.ts readNotificationSettings. */
  notifications?: NotificationSettings;
}

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: Generated<boolean>;
  image: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  role: Role;
  region: Generated<string>;
  culture: Generated<string>;
  settings: ColumnType<UserSettings, UserSettings | undefined, UserSettings>;
  is_active: Generated<boolean>;
  parent_owner_id: string | null;
  permissions: ColumnType<Permissions, Permissions | undefined, Permissions>;
  /** When the terms were accepted at sign-up, and which version (domain/terms.ts); null otherwise. */
  terms_accepted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  terms_version: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When the person deleted their account (migration 041): the row stays, anonymised. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface SessionsTable {
  id: string;
  token: string;
  user_id: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvitationsTable {
  id: Generated<string>;
  token_hash: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  phone: string | null;
  region: Generated<string>;
  culture: Generated<string>;
  owner_id: string;
  permissions: ColumnType<Permissions, Permissions, Permissions>;
  status: Generated<'pending' | 'accepted' | 'revoked'>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  accepted_at: Date | null;
  invited_user_id: string | null;
}

export interface EmailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  status: Generated<'pending' | 'sent'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
  /** The business's address for replies (document emails); null for the app's own mail. */
  reply_to: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A document attached to an outbox email (the bytes stay in documents.pdf). */
export interface EmailAttachmentsTable {
  id: Generated<string>;
  outbox_id: string;
  /** Exactly one of document_id and agreement_id (migration 030). */
  document_id: ColumnType<string | null, string | null | undefined, never>;
  agreement_id: ColumnType<string | null, string | null | undefined, never>;
  /** A payment's receipt (booking_payments.receipt_pdf), migration 042. */
  booking_payment_id: ColumnType<string | null, string | null | undefined, never>;
  file_name: string;
  position: Generated<number>;
}

export interface DevMailboxAttachment {
  id: string;
  file_name: string;
  content_type: string;
  size: number;
}

export interface DevMailboxTable {
  id: Generated<string>;
  outbox_id: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  reply_to: ColumnType<string | null, string | null | undefined, string | null>;
  attachments: ColumnType<DevMailboxAttachment[], string | undefined, string>;
  created_at: Generated<Date>;
}

export interface AuthThrottleTable {
  key: string;
  attempts: Generated<number>;
  window_started_at: Generated<Date>;
  last_attempt_at: Generated<Date>;
}

export interface SubscriptionsTable {
  id: Generated<string>;
  owner_id: string;
  plan_id: Generated<PlanId>;
  status: Generated<SubscriptionStatus>;
  current_period_start: Generated<Date>;
  current_period_end: Generated<Date>;
  /** The first day (YYYY-MM-DD, Africa/Johannesburg) of its billing-date series (domain/billing-periods.ts). */
  billing_anchor: Generated<string>;
  cancel_at_period_end: Generated<boolean>;
  payment_method: Generated<SubscriptionPaymentMethod>;
  commission_rate: Generated<Numeric>;
  payment_processor: PaymentGateway | null;
  gateway_token: string | null;
  saved_method_type: 'card' | 'bank_account' | 'eft' | null;
  saved_method_name: string | null;
  saved_method_brand: string | null;
  saved_method_last_used: Date | null;
  past_due_since: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type PaymentGateway = GatewayId;
export type PaymentStatus = 'pending' | 'complete' | 'failed' | 'cancelled';

export interface SubscriptionAddOnsTable {
  id: Generated<string>;
  subscription_id: string;
  add_on_id: AddOnId;
  price_cents: number;
  added_at: Generated<Date>;
  /** When the add-on ends: null while it continues; a removal sets the period end, which may be ahead. */
  removed_at: Date | null;
  /** From when it is charged (migration 025): null when paid with its period; the next billing date when deferred. */
  billed_from: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** The PayFast simulator's own record of a subscription it issued (simulator mode only, migration 025). */
export interface PayfastSimulatorSubscriptionsTable {
  token: string;
  amount_cents: number;
  status: Generated<'active' | 'cancelled'>;
  updated_at: Generated<Date>;
}

export interface PaymentsTable {
  id: Generated<string>;
  owner_id: string;
  subscription_id: string;
  gateway: PaymentGateway;
  /** Our id for the attempt, sent to the gateway (PayFast's m_payment_id): PAY_/SUB_/UPDATE_… */
  reference: string;
  /** A renewal's first payment (the SUB_ that set up the gateway's recurring billing). */
  parent_payment_id: string | null;
  kind: PaymentKind;
  plan_id: PlanId;
  add_on_ids: Generated<AddOnId[]>;
  description: string;
  amount_cents: number;
  status: Generated<PaymentStatus>;
  gateway_payment_id: string | null;
  failure_reason: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  completed_at: Date | null;
  /** The commission statement a 'commission' payment pays (migration 026). */
  commission_statement_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CommissionAccrualsTable {
  id: Generated<string>;
  owner_id: string;
  reservation_id: string;
  /** 1, 2, 3 … per reservation: odd a charge, even a credit (docs/decisions/032). */
  sequence: number;
  kind: 'charge' | 'credit';
  base_cents: number;
  rate: Numeric;
  amount_cents: number;
  month: string;
  occurred_at: Date;
  statement_id: string | null;
  created_at: Generated<Date>;
}

export interface CommissionStatementsTable {
  id: Generated<string>;
  owner_id: string;
  subscription_id: string;
  month: string;
  number: number;
  issue_date: string;
  due_date: string;
  amount_cents: number;
  vat_cents: number;
  vat_rate_percent: Numeric;
  status: Generated<'due' | 'paid'>;
  paid_at: Date | null;
  payment_id: string | null;
  snapshot: ColumnType<CommissionStatementSnapshot, string, never>;
  created_at: Generated<Date>;
}

/** A statement's tax invoice as issued: the parties and the bookings it bills. */
export interface CommissionStatementSnapshot extends SubscriptionInvoiceSnapshot {
  ratePercent: number;
  bookings: {
    reference: string;
    propertyTitle: string;
    kind: 'charge' | 'credit';
    occurredOn: string;
    baseCents: number;
    amountCents: number;
  }[];
}

export interface PaymentNotificationsTable {
  id: Generated<string>;
  gateway: PaymentGateway;
  received_at: Generated<Date>;
  source_ip: string | null;
  /** The body as received, cut at a bound (body_truncated) with NUL bytes shown as U+FFFD. */
  raw_body: string;
  /** The whole body's size in bytes (null: recorded before this was kept). */
  body_bytes: number | null;
  body_truncated: Generated<boolean>;
  payment_id: string | null;
  gateway_payment_id: string | null;
  gateway_status: string | null;
  outcome: 'applied' | 'recorded' | 'duplicate' | 'rejected';
  reason: string | null;
}

export interface PlatformInvoiceSequenceTable {
  id: Generated<boolean>;
  last_number: number;
}

/** What a Rentza tax invoice names, fixed when it is issued. */
export interface SubscriptionInvoiceSnapshot {
  seller: { legalName: string; vatNumber: string; address: string; email: string };
  buyer: {
    name: string;
    email: string;
    businessName: string | null;
    vatNumber: string | null;
    address: string | null;
  };
}

export interface SubscriptionInvoicesTable {
  id: Generated<string>;
  owner_id: string;
  subscription_id: string;
  payment_id: string;
  number: number;
  invoice_date: string;
  description: string;
  plan_id: PlanId;
  amount_cents: number;
  vat_cents: number;
  vat_rate_percent: Numeric;
  period_start: string;
  period_end: string;
  status: Generated<'paid' | 'pending' | 'failed'>;
  snapshot: ColumnType<SubscriptionInvoiceSnapshot, string, never>;
  created_at: Generated<Date>;
}

export interface SubscriptionRemindersTable {
  subscription_id: string;
  period_end: Date;
  days_before: number;
  sent_at: Generated<Date>;
}

/** One per owner and Johannesburg day on which their plan refused a client's request (migration 027). */
export interface PlanRefusalNoticesTable {
  owner_id: string;
  day: string;
  refusals: Generated<number>;
}

/** A user's question to Rentza support (migration 033, docs/decisions/040). */
export interface SupportRequestsTable {
  id: Generated<string>;
  sender_id: string;
  subject: string;
  state: Generated<SupportState>;
  reservation_id: string | null;
  booking_reference: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  last_message_at: Generated<Date>;
}

/** One message of a support request's thread: the sender's or an admin's (migration 033). */
export interface SupportMessagesTable {
  id: Generated<string>;
  request_id: string;
  author_id: string | null;
  from_admin: boolean;
  body: string;
  created_at: Generated<Date>;
}

/** Migration 034: what the header's bell lists (docs/decisions/042). */
export interface InAppNotificationsTable {
  id: Generated<string>;
  user_id: string;
  kind: InAppNotificationKind;
  title: string;
  body: string;
  link: string | null;
  read_at: Date | null;
  created_at: Generated<Date>;
}

/** A listing its owner boosts (migration 028); it features only while the Homepage boost add-on is in use. */
export interface PropertyBoostsTable {
  property_id: string;
  boosted_at: Generated<Date>;
}

export interface ClientsTable {
  id: Generated<string>;
  owner_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  region: string | null;
  is_active: Generated<boolean>;
  user_id: string | null;
  /** For tax invoices over R 5 000 (migration 014). */
  address: ColumnType<string | null, string | null | undefined, string | null>;
  vat_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** Unlinked from the business (migration 016): hidden, kept for the bookings that name it. */
  removed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The business's private notes about the client (migration 037): never shown to the client. */
  notes: Generated<string>;
  notes_updated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface PropertiesTable {
  id: Generated<string>;
  owner_id: string;
  type: PropertyType;
  category: string;
  title: string;
  description: string;
  city: string;
  location: string;
  price_per_day_cents: number;
  currency: Generated<string>;
  amenities: ColumnType<string[], string[] | undefined, string[]>;
  availability_start: string | null;
  availability_end: string | null;
  is_active: Generated<boolean>;
  status: Generated<PropertyStatus>;
  cleaning_fee_cents: Generated<number>;
  security_deposit_cents: Generated<number>;
  specifications: ColumnType<Specifications, string, string>;
  /** Set when the listing is archived (deleted while it has reservations); null while it is live. */
  archived_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A request is confirmed at once (migration 042). */
  instant_book: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PropertyImagesTable {
  id: Generated<string>;
  property_id: string;
  position: Generated<number>;
  display_key: string;
  thumbnail_key: string;
  width: number;
  height: number;
  created_at: Generated<Date>;
}

export interface ReservationsTable {
  id: Generated<string>;
  /** "RZ-7K3M9Q" (domain/reservation-reference.ts): what people see and quote instead of the id. */
  reference: Generated<string>;
  property_id: string;
  owner_id: string;
  client_id: string;
  start_date: string;
  end_date: string;
  /** Hourly bookings only: 'HH:MM:SS' on start_date (end_date is then start_date + 1). */
  start_time: string | null;
  end_time: string | null;
  status: Generated<ReservationStatus>;
  total_price_cents: Generated<number>;
  /** The price fixed at booking; the total follows the charge lines once there are any (migration 015). */
  booked_price_cents: Generated<number>;
  security_deposit_cents: Generated<number>;
  guests: Generated<number>;
  special_requests: string | null;
  voucher_number: string | null;
  purchase_order_number: string | null;
  tax_percent: ColumnType<string, number | string | undefined, number | string>;
  discount_percent: ColumnType<string, number | string | undefined, number | string>;
  rate_override_per_day_cents: number | null;
  /** The rate segments and cleaning fee it was priced at (migration 023); null for older bookings. */
  booked_rates: ColumnType<BookedRates | null, string | null | undefined, string | null>;
  created_by: string | null;
  /** When it took a place in its business's monthly booking limit; null while a client's request waits (migration 021). */
  counted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The rental agreement version the client accepted, and when (migration 030); null under Rentza's terms. */
  agreement_id: ColumnType<string | null, string | null | undefined, never>;
  agreement_accepted_at: ColumnType<Date | null, Date | null | undefined, never>;
  /** The payment plan and cancellation policy it was confirmed under (migration 042); null before. */
  payment_terms: ColumnType<PaymentTerms | null, string | null | undefined, string | null>;
  deposit_due_cents: ColumnType<number | null, number | null | undefined, number | null>;
  balance_due_on: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The sums of its not-voided billing lines, written only by the lines' trigger (migration 045):
   * a charge line exists; the charges; payments − refunds + deposits kept.
   */
  ledger_billed: ColumnType<boolean, never, never>;
  ledger_charges_cents: ColumnType<number, never, never>;
  ledger_payments_cents: ColumnType<number, never, never>;
  /** ledgerSummary's balance due (domain/billing.ts), generated from the sums, status and total (migration 045). */
  balance_due_cents: ColumnType<number, never, never>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** numeric(…) columns read as strings (exact); written as numbers or strings. */
type Numeric = ColumnType<string, number | string | undefined, number | string>;

export interface PropertyRatesTable {
  id: Generated<string>;
  property_id: string;
  owner_id: string;
  start_date: string;
  /** Exclusive. */
  end_date: string;
  rate_cents: number;
  currency: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface StockItemsTable {
  id: Generated<string>;
  owner_id: string;
  name: string;
  sku: string | null;
  unit_price_cents: Generated<number>;
  tax_percent: Numeric;
  unit: Generated<string>;
  is_active: Generated<boolean>;
  archived_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ExtraChargeTypesTable {
  id: Generated<string>;
  owner_id: string;
  name: string;
  default_amount_cents: Generated<number>;
  tax_percent: Numeric;
  is_active: Generated<boolean>;
  archived_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ReservationTransactionsTable {
  id: Generated<string>;
  reservation_id: string;
  owner_id: string;
  kind: TransactionKind;
  description: string;
  quantity: Numeric;
  unit: string | null;
  unit_price_cents: Generated<number>;
  tax_percent: Numeric;
  discount_percent: Numeric;
  sub_total_cents: Generated<number>;
  tax_cents: Generated<number>;
  total_cents: Generated<number>;
  payment_amount_cents: number | null;
  payment_method: PaymentMethod | null;
  transaction_ref: string | null;
  stock_item_id: string | null;
  extra_charge_type_id: string | null;
  note: string | null;
  created_by: string | null;
  voided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  voided_by: string | null;
  /** The online payment this line records (migration 042). */
  booking_payment_id: ColumnType<string | null, string | null | undefined, never>;
  /** How a refund or a deposit refund was paid out. */
  payout_method: ColumnType<PayoutMethod | null, PayoutMethod | null | undefined, PayoutMethod | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface BusinessDetailsTable {
  owner_id: string;
  trading_name: string;
  address: string;
  phone: string | null;
  email: string | null;
  vat_registered: boolean;
  vat_number: string | null;
  logo_key: string | null;
  bank_name: string | null;
  bank_account_holder: string | null;
  bank_account_number: string | null;
  bank_branch_code: string | null;
  bank_account_type: BankAccountType | null;
  payment_terms: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

/** A business's public page, /b/<slug> (migration 031). */
export interface BusinessProfilesTable {
  owner_id: string;
  slug: string;
  description: Generated<string>;
  cover_key: string | null;
  show_email: Generated<boolean>;
  show_phone: Generated<boolean>;
  published: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface VatRatesTable {
  effective_from: string;
  rate_percent: Numeric;
}

export interface DocumentSequencesTable {
  owner_id: string;
  series: DocumentSeries;
  last_number: number;
}

export interface DocumentsTable {
  id: Generated<string>;
  owner_id: string;
  reservation_id: string;
  kind: DocumentKind;
  series: DocumentSeries | null;
  number: number | null;
  issue_date: string;
  replaces_id: string | null;
  credits_id: string | null;
  total_cents: number;
  tax_cents: number;
  snapshot: ColumnType<DocumentSnapshot, string, never>;
  pdf: Buffer | null;
  pdf_sha256: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
}

export type ReservationStatus = 'pending' | 'confirmed' | 'completed' | 'cancelled';

export interface PhotographyRequestsTable {
  id: Generated<string>;
  owner_id: string;
  requested_by: string | null;
  status: Generated<PhotographyStatus>;
  /** The first day of the Johannesburg month the request was made in. */
  month: string;
  preferred_dates: string[];
  earliest_preferred_date: string;
  notes: Generated<string>;
  scheduled_date: string | null;
  scheduled_time: string | null;
  created_at: Generated<Date>;
  completed_at: Date | null;
  cancelled_at: Date | null;
}

export interface PhotographyRequestListingsTable {
  request_id: string;
  property_id: string;
}

export interface PhotographyRequestPhotosTable {
  image_id: string;
  request_id: string;
  property_id: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  invitations: InvitationsTable;
  email_outbox: EmailOutboxTable;
  dev_mailbox: DevMailboxTable;
  auth_throttle: AuthThrottleTable;
  subscriptions: SubscriptionsTable;
  subscription_add_ons: SubscriptionAddOnsTable;
  payfast_simulator_subscriptions: PayfastSimulatorSubscriptionsTable;
  payments: PaymentsTable;
  payment_notifications: PaymentNotificationsTable;
  platform_invoice_sequence: PlatformInvoiceSequenceTable;
  subscription_invoices: SubscriptionInvoicesTable;
  subscription_reminders: SubscriptionRemindersTable;
  commission_accruals: CommissionAccrualsTable;
  commission_statements: CommissionStatementsTable;
  plan_refusal_notices: PlanRefusalNoticesTable;
  clients: ClientsTable;
  properties: PropertiesTable;
  property_images: PropertyImagesTable;
  reservations: ReservationsTable;
  property_rates: PropertyRatesTable;
  stock_items: StockItemsTable;
  extra_charge_types: ExtraChargeTypesTable;
  reservation_transactions: ReservationTransactionsTable;
  business_details: BusinessDetailsTable;
  vat_rates: VatRatesTable;
  document_sequences: DocumentSequencesTable;
  documents: DocumentsTable;
  email_attachments: EmailAttachmentsTable;
  support_requests: SupportRequestsTable;
  support_messages: SupportMessagesTable;
  photography_requests: PhotographyRequestsTable;
  photography_request_listings: PhotographyRequestListingsTable;
  photography_request_photos: PhotographyRequestPhotosTable;
  rental_agreements: RentalAgreementsTable;
  business_profiles: BusinessProfilesTable;
  in_app_notifications: InAppNotificationsTable;
  property_boosts: PropertyBoostsTable;
  blocked_periods: BlockedPeriodsTable;
  occupied_periods: OccupiedPeriodsTable;
  calendar_feeds: CalendarFeedsTable;
  calendar_feed_conflicts: CalendarFeedConflictsTable;
  calendar_exports: CalendarExportsTable;
  audit_log: AuditLogTable;
  owner_payment_accounts: OwnerPaymentAccountsTable;
  payfast_simulator_merchants: PayfastSimulatorMerchantsTable;
  payment_plans: PaymentPlansTable;
  cancellation_policies: CancellationPoliciesTable;
  booking_payments: BookingPaymentsTable;
  payment_links: PaymentLinksTable;
  payment_reminders: PaymentRemindersTable;
}

/** One saved version of a business's rental agreement (migration 030): never changed or deleted. */
export interface RentalAgreementsTable {
  id: Generated<string>;
  owner_id: string;
  version: number;
  body: string;
  business_name: string;
  pdf: Buffer;
  created_by: string | null;
  created_at: Generated<Date>;
}

export type Property = Selectable<PropertiesTable>;
export type PropertyImage = Selectable<PropertyImagesTable>;
export type Client = Selectable<ClientsTable>;
export type Subscription = Selectable<SubscriptionsTable>;
export type Payment = Selectable<PaymentsTable>;

export type User = Selectable<UsersTable>;
export type NewInvitation = Insertable<InvitationsTable>;
export type UserUpdate = Updateable<UsersTable>;

/** Dates of a listing taken out of booking by its owner (migration 035, docs/decisions/048). */
export interface BlockedPeriodsTable {
  id: Generated<string>;
  property_id: string;
  owner_id: string;
  start_date: string;
  end_date: string;
  start_time: string | null;
  end_time: string | null;
  reason: 'maintenance' | 'owner_use' | 'external';
  note: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  period: ColumnType<string, never, never>;
  /** An imported calendar's block (migration 040): its feed and the event's UID. */
  feed_id: ColumnType<string | null, string | null | undefined, string | null>;
  external_uid: ColumnType<string | null, string | null | undefined, string | null>;
}

/** What holds a listing's time, kept by triggers (migration 035): read it, never write it. */
export interface OccupiedPeriodsTable {
  property_id: string;
  period: string;
  reservation_id: string | null;
  block_id: string | null;
}

/** An iCal feed of a listing whose events are imported as blocks (migration 040, docs/decisions/053). */
export interface CalendarFeedsTable {
  id: Generated<string>;
  property_id: string;
  owner_id: string;
  label: string;
  url: string;
  created_by: string | null;
  created_at: Generated<Date>;
  last_synced_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  event_count: Generated<number>;
  claimed_until: Date | null;
}

/** A feed event that met a booking or another block at the last sync (migration 040). */
export interface CalendarFeedConflictsTable {
  id: Generated<string>;
  feed_id: string;
  property_id: string;
  external_uid: string | null;
  summary: string | null;
  start_date: string;
  end_date: string;
  reservation_id: string | null;
  blocked_period_id: string | null;
  clash: string;
  detected_at: Generated<Date>;
}

/** A listing's private iCal feed (migration 039, docs/decisions/052): the token names its URL. */
export interface CalendarExportsTable {
  property_id: string;
  /** A secret: never log it. */
  token: string;
  created_at: Generated<Date>;
  reset_at: Date | null;
}

/** The append-only audit log (migration 038, docs/decisions/051): insert only; a trigger refuses the rest. */
export interface AuditLogTable {
  id: ColumnType<string, never, never>;
  occurred_at: Generated<Date>;
  actor_user_id: string | null;
  actor_role: string | null;
  owner_id: string | null;
  entity_type: string;
  entity_id: string;
  reservation_id: string | null;
  action: string;
  changes: ColumnType<AuditChanges, AuditChanges | undefined, never>;
  summary: string | null;
}

/** The owner's own PayFast merchant, or EFT only (migration 042); key and passphrase encrypted. */
export interface OwnerPaymentAccountsTable {
  owner_id: string;
  method: 'payfast' | 'eft_only';
  merchant_id: string | null;
  merchant_key_encrypted: string | null;
  passphrase_encrypted: string | null;
  /** Set when a signed test call to PayFast succeeded; null until then (not usable). */
  verified_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The merchants the PayFast simulator knows (simulator mode only), as PayFast knows its merchants. */
export interface PayfastSimulatorMerchantsTable {
  merchant_id: string;
  merchant_key: string;
  passphrase: string;
  name: string;
  created_at: Generated<Date>;
}

/** A business's payment plan (property_id null) or one listing's. */
export interface PaymentPlansTable {
  id: Generated<string>;
  owner_id: string;
  property_id: string | null;
  kind: PlanKind;
  deposit_type: DepositType;
  deposit_percent: Numeric;
  deposit_amount_cents: number;
  balance_days_before: number;
  security_deposit: SecurityDepositCollection;
  updated_at: Generated<Date>;
}

export interface CancellationPoliciesTable {
  owner_id: string;
  free_until_days_before: number;
  fee_percent: Numeric;
  updated_at: Generated<Date>;
}

export type BookingPaymentPurpose = 'due_now' | 'balance' | 'security_deposit';

/** One online payment asked of PayFast for a booking (reference = m_payment_id). */
export interface BookingPaymentsTable {
  id: Generated<string>;
  reference: string;
  owner_id: string;
  reservation_id: string;
  merchant_id: string;
  purpose: BookingPaymentPurpose;
  payment_cents: number;
  security_deposit_cents: number;
  amount_cents: number;
  status: Generated<PaymentStatus>;
  gateway_payment_id: string | null;
  failure_reason: string | null;
  payer_user_id: string | null;
  payment_link_id: string | null;
  receipt_number: string | null;
  receipt_pdf: Buffer | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  completed_at: Date | null;
}

export interface PaymentLinksTable {
  id: Generated<string>;
  token_hash: string;
  owner_id: string;
  reservation_id: string;
  created_by: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
}

export interface PaymentRemindersTable {
  reservation_id: string;
  kind: 'before_due' | 'overdue';
  due_on: string;
  sent_at: Generated<Date>;
}
