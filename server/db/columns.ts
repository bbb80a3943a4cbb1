import type { ClientsTable, PropertiesTable, ReservationsTable, UsersTable } from './types.ts';

/**
 * Every column of a table, named in a list the type checker holds complete: a column added by a
 * migration and missing here fails the type check. Statements sent as named prepared statements
 * (prepared-statements.ts) return such lists instead of `*`, so a migration that adds a column cannot
 * change a prepared statement's result under a running server.
 */
export function everyColumn<Table>() {
  return <const List extends readonly (keyof Table & string)[]>(
    list: List &
      ([Exclude<keyof Table, List[number]>] extends [never]
        ? unknown
        : { missingColumns: Exclude<keyof Table, List[number]> }),
  ): List => list;
}

export const USER_COLUMNS = everyColumn<UsersTable>()([
  'id',
  'name',
  'email',
  'email_verified',
  'image',
  'first_name',
  'last_name',
  'phone',
  'role',
  'region',
  'culture',
  'settings',
  'is_active',
  'parent_owner_id',
  'permissions',
  'terms_accepted_at',
  'terms_version',
  'created_at',
  'updated_at',
  'deleted_at',
]);

export const CLIENT_COLUMNS = everyColumn<ClientsTable>()([
  'id',
  'owner_id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'region',
  'is_active',
  'user_id',
  'address',
  'vat_number',
  'removed_at',
  'created_at',
  'updated_at',
  'notes',
  'notes_updated_at',
]);

export const RESERVATION_COLUMNS = everyColumn<ReservationsTable>()([
  'id',
  'reference',
  'property_id',
  'owner_id',
  'client_id',
  'start_date',
  'end_date',
  'start_time',
  'end_time',
  'status',
  'total_price_cents',
  'booked_price_cents',
  'security_deposit_cents',
  'guests',
  'special_requests',
  'voucher_number',
  'purchase_order_number',
  'tax_percent',
  'discount_percent',
  'rate_override_per_day_cents',
  'booked_rates',
  'created_by',
  'counted_at',
  'agreement_id',
  'agreement_accepted_at',
  'payment_terms',
  'deposit_due_cents',
  'balance_due_on',
  'ledger_billed',
  'ledger_charges_cents',
  'ledger_payments_cents',
  'balance_due_cents',
  'created_at',
  'updated_at',
]);

export const PROPERTY_COLUMNS = everyColumn<PropertiesTable>()([
  'id',
  'owner_id',
  'type',
  'category',
  'title',
  'description',
  'city',
  'location',
  'price_per_day_cents',
  'currency',
  'amenities',
  'availability_start',
  'availability_end',
  'is_active',
  'status',
  'cleaning_fee_cents',
  'security_deposit_cents',
  'specifications',
  'archived_at',
  'instant_book',
  'created_at',
  'updated_at',
]);
