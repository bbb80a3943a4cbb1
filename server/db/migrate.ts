import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as accounts from './migrations/001-accounts.ts';
import * as listings from './migrations/002-listings.ts';
import * as outboxOrder from './migrations/003-outbox-order.ts';
import * as blockingRangeIndex from './migrations/004-blocking-range-index.ts';
import * as termsAndClientLinks from './migrations/005-terms-and-client-links.ts';
import * as archiveNeverCascade from './migrations/006-archive-never-cascade.ts';
import * as reservationReferences from './migrations/007-reservation-references.ts';
import * as citySearch from './migrations/008-city-search.ts';
import * as rentalUnits from './migrations/009-rental-units.ts';
import * as hourlySearchIndex from './migrations/010-hourly-search-index.ts';
import * as billing from './migrations/011-billing.ts';
import * as billingCatalogues from './migrations/012-billing-catalogues.ts';
import * as businessDocuments from './migrations/014-business-documents.ts';
import * as bookedPrice from './migrations/015-booked-price.ts';
import * as clientRemoval from './migrations/016-client-removal.ts';
import * as subscriptionBilling from './migrations/017-subscription-billing.ts';
import * as searchableListingOwner from './migrations/018-searchable-listing-owner.ts';
import * as notificationBounds from './migrations/019-notification-bounds.ts';
import * as bookingQuotaCount from './migrations/021-booking-quota-count.ts';
import * as authThrottle from './migrations/022-auth-throttle.ts';
import * as bookedRatesAndVat from './migrations/023-booked-rates-and-vat.ts';
import * as billingAnchor from './migrations/024-billing-anchor.ts';
import * as addOnBilling from './migrations/025-add-on-billing.ts';
import * as commission from './migrations/026-commission.ts';
import * as planRefusalNotices from './migrations/027-plan-refusal-notices.ts';
import * as homepageBoosts from './migrations/028-homepage-boosts.ts';
import * as photography from './migrations/029-photography.ts';
import * as rentalAgreements from './migrations/030-rental-agreements.ts';
import * as businessProfiles from './migrations/031-business-profiles.ts';
import * as reportIndexes from './migrations/032-report-indexes.ts';
import * as supportRequests from './migrations/033-support-requests.ts';
import * as inAppNotifications from './migrations/034-in-app-notifications.ts';
import * as blockedPeriods from './migrations/035-blocked-periods.ts';
import * as reservationListIndexes from './migrations/036-reservation-list-indexes.ts';
import * as clientNotes from './migrations/037-client-notes.ts';
import * as auditLog from './migrations/038-audit-log.ts';
import * as calendarExports from './migrations/039-calendar-exports.ts';
import * as calendarImport from './migrations/040-calendar-import.ts';
import * as accountDeletion from './migrations/041-account-deletion.ts';
import * as onlinePayments from './migrations/042-online-payments.ts';
import * as receiptSeries from './migrations/043-receipt-series.ts';
import * as searchAndListIndexes from './migrations/044-search-and-list-indexes.ts';
import * as storedBalanceAndListIndexes from './migrations/045-stored-balance-and-list-indexes.ts';
import * as overdueBalanceNotice from './migrations/046-overdue-balance-notice.ts';
import * as oneGuardForBookedDates from './migrations/047-one-guard-for-booked-dates.ts';
import * as outboxClaimWalksInOrder from './migrations/048-outbox-claim-walks-in-order.ts';
import * as oneClientKeyOnReservations from './migrations/049-one-client-key-on-reservations.ts';
import * as oneOwnerKeyOnReservations from './migrations/050-one-owner-key-on-reservations.ts';
import * as bellNoticesByTime from './migrations/051-bell-notices-by-time.ts';

/** Migrations are listed explicitly so they bundle and run the same on PGlite and PostgreSQL. */
const MIGRATIONS: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-listings': listings,
  '003-outbox-order': outboxOrder,
  '004-blocking-range-index': blockingRangeIndex,
  '005-terms-and-client-links': termsAndClientLinks,
  '006-archive-never-cascade': archiveNeverCascade,
  '007-reservation-references': reservationReferences,
  '008-city-search': citySearch,
  '009-rental-units': rentalUnits,
  '010-hourly-search-index': hourlySearchIndex,
  '011-billing': billing,
  '012-billing-catalogues': billingCatalogues,
  '014-business-documents': businessDocuments,
  '015-booked-price': bookedPrice,
  '016-client-removal': clientRemoval,
  '017-subscription-billing': subscriptionBilling,
  '018-searchable-listing-owner': searchableListingOwner,
  '019-notification-bounds': notificationBounds,
  '021-booking-quota-count': bookingQuotaCount,
  '022-auth-throttle': authThrottle,
  '023-booked-rates-and-vat': bookedRatesAndVat,
  '024-billing-anchor': billingAnchor,
  '025-add-on-billing': addOnBilling,
  '026-commission': commission,
  '027-plan-refusal-notices': planRefusalNotices,
  '028-homepage-boosts': homepageBoosts,
  '029-photography': photography,
  '030-rental-agreements': rentalAgreements,
  '031-business-profiles': businessProfiles,
  '032-report-indexes': reportIndexes,
  '033-support-requests': supportRequests,
  '034-in-app-notifications': inAppNotifications,
  '035-blocked-periods': blockedPeriods,
  '036-reservation-list-indexes': reservationListIndexes,
  '037-client-notes': clientNotes,
  '038-audit-log': auditLog,
  '039-calendar-exports': calendarExports,
  '040-calendar-import': calendarImport,
  '041-account-deletion': accountDeletion,
  '042-online-payments': onlinePayments,
  '043-receipt-series': receiptSeries,
  '044-search-and-list-indexes': searchAndListIndexes,
  '045-stored-balance-and-list-indexes': storedBalanceAndListIndexes,
  '046-overdue-balance-notice': overdueBalanceNotice,
  '047-one-guard-for-booked-dates': oneGuardForBookedDates,
  '048-outbox-claim-walks-in-order': outboxClaimWalksInOrder,
  '049-one-client-key-on-reservations': oneClientKeyOnReservations,
  '050-one-owner-key-on-reservations': oneOwnerKeyOnReservations,
  '051-bell-notices-by-time': bellNoticesByTime,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
