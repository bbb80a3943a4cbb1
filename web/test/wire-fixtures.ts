import {
  DEFAULT_CANCELLATION_POLICY,
  DEFAULT_PAYMENT_PLAN,
  describeCancellationPolicy,
  describePlan,
} from '../../domain/payment-plan.ts';
import { defaultPermissions } from '../../domain/permissions.ts';
import { describeDuration, priceUnitFor, unitCount } from '../../domain/rental-unit.ts';
import type { BusinessProperty } from '../../domain/schemas/business.ts';
import type { BusinessDetails } from '../../domain/schemas/business-details.ts';
import type { ListingPaymentTerms, PaymentDue } from '../../domain/schemas/online-payments.ts';
import type { ListingDetail, Property } from '../../domain/schemas/property-view.ts';
import type { Reservation } from '../../domain/schemas/reservation.ts';
import type { UserProfile } from '../../domain/schemas/user.ts';

/** A complete reservation as the API sends it: screens parse responses with the domain schema. */
export function aReservation(overrides: Partial<Reservation> = {}): Reservation {
  const start_date = overrides.start_date ?? '2026-11-20';
  const end_date = overrides.end_date ?? '2026-11-22';
  const start_time = overrides.start_time ?? null;
  const end_time = overrides.end_time ?? null;
  const unit = priceUnitFor(overrides.property?.type ?? 'accommodation');
  const period = { startDate: start_date, endDate: end_date, startTime: start_time, endTime: end_time };
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    reference: 'RZ-7K3M9Q',
    property_id: 'p1',
    owner_id: 'owner-1',
    client_id: 'c1',
    start_time,
    end_time,
    price_unit: unit,
    units: unitCount(unit, period),
    duration: describeDuration(unit, period),
    status: 'pending',
    total_price_cents: 100_000,
    security_deposit_cents: 0,
    guests: 1,
    special_requests: null,
    voucher_number: null,
    purchase_order_number: null,
    tax_percent: 0,
    discount_percent: 0,
    rate_override_per_day_cents: null,
    booked_rates: null,
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
    property: {
      title: 'Sea Point Loft',
      type: 'accommodation',
      location: 'Sea Point, Cape Town',
      city: 'Cape Town',
      cover_url: null,
      archived: false,
    },
    client: { first_name: 'Lerato', last_name: 'Dlamini', email: 'lerato@example.co.za' },
    ...overrides,
    start_date,
    end_date,
  };
}

/** A listing as the business screens receive it. */
export function aBusinessProperty(overrides: Partial<BusinessProperty> = {}): BusinessProperty {
  const type = overrides.type ?? 'accommodation';
  return {
    id: 'p1',
    title: 'Sea Point Loft',
    type,
    price_per_day_cents: 100_000,
    cleaning_fee_cents: 0,
    security_deposit_cents: 0,
    specifications: { type },
    owner_id: 'owner-1',
    archived: false,
    is_active: true,
    status: 'available',
    ...overrides,
  };
}

/** A signed-in user as /api/session and /api/me return it; staff get their role's default permissions. */
export function aUserProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  const role = overrides.role ?? 'client';
  return {
    id: 'b5a1f3c2-0000-4000-8000-000000000001',
    email: 'naledi@example.co.za',
    name: 'Naledi Mokoena',
    first_name: 'Naledi',
    last_name: 'Mokoena',
    phone: null,
    role,
    region: 'ZA',
    culture: 'en-ZA',
    settings: { currency: 'ZAR', dateFormat: 'dd/MM/yyyy', timeFormat: 'HH:mm', language: 'en-ZA' },
    is_active: true,
    parent_owner_id: null,
    permissions: defaultPermissions(role),
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A listing as GET /api/properties/:id returns it. */
export function aProperty(overrides: Partial<Property> = {}): Property {
  const type = overrides.type ?? 'accommodation';
  return {
    id: 'p1',
    owner_id: 'owner-1',
    type,
    category: 'apartment',
    title: 'Sea Point Loft',
    description: 'A bright loft a block from the promenade.',
    city: 'Cape Town',
    location: 'Sea Point',
    price_per_day_cents: 100_000,
    currency: 'ZAR',
    amenities: [],
    availability_start: null,
    availability_end: null,
    is_active: true,
    status: 'available',
    cleaning_fee_cents: 0,
    security_deposit_cents: 0,
    specifications: { type, maxGuests: 4 },
    images: [],
    archived_at: null,
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

/** A business's details as GET /api/business/details sends them (VAT-registered unless told). */
export function aBusinessDetails(overrides: Partial<BusinessDetails> = {}): BusinessDetails {
  const vatRegistered = overrides.vat_registered ?? true;
  return {
    owner_id: 'owner-1',
    trading_name: 'Karoo Stays',
    address: '12 Long Street',
    phone: null,
    email: null,
    vat_registered: vatRegistered,
    vat_number: vatRegistered ? '4123456789' : null,
    bank_name: null,
    bank_account_holder: null,
    bank_account_number: null,
    bank_branch_code: null,
    bank_account_type: null,
    payment_terms: null,
    logo_url: null,
    updated_at: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

/** What a confirmed booking owes (GET /api/reservations/:id/payment-due): a 30 % deposit due now. */
export function aDue(overrides: Partial<PaymentDue> = {}): PaymentDue {
  return {
    reservationId: 'a1b2c3d4-0000-4000-8000-000000000001',
    reference: 'RZ-7K3M9Q',
    payable: true,
    notPayableReason: null,
    nowCents: 30_000,
    paymentNowCents: 30_000,
    securityDepositNowCents: 0,
    balanceCents: 100_000,
    payOffCents: 100_000,
    next: { dueOn: '2099-12-06', cents: 70_000, securityDepositCents: 0 },
    overdue: false,
    planText: '30 % deposit now, the balance 14 days before the start.',
    payments: [],
    ...overrides,
  };
}

/**
 * A listing as GET /api/properties/:id returns it (decision 059): with how it is paid, the default
 * plan and policy unless told.
 */
export function aListing(
  property: Property = aProperty(),
  terms: Partial<ListingPaymentTerms> = {},
): ListingDetail {
  const plan = terms.plan ?? DEFAULT_PAYMENT_PLAN;
  const cancellation = terms.cancellation ?? DEFAULT_CANCELLATION_POLICY;
  return {
    ...property,
    paymentTerms: {
      plan,
      cancellation,
      instantBook: false,
      paysOnline: false,
      planText: describePlan(plan),
      cancellationText: describeCancellationPolicy(cancellation),
      ...terms,
    },
    paymentPlan: null,
  };
}
