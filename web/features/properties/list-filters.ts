import { PROPERTY_TYPES, type PropertyType } from '../../../domain/property.ts';
import type { Property } from './api.ts';

/**
 * What Property Management shows of a listing: archived, hidden (inactive), or its live status
 * (available, maintenance — domain/property.ts PROPERTY_STATUSES).
 */
export const LISTING_STATES = ['available', 'maintenance', 'hidden', 'archived'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

export const LISTING_STATE_LABELS: Record<ListingState, string> = {
  available: 'Available',
  maintenance: 'Maintenance',
  hidden: 'Hidden',
  archived: 'Archived',
};

type Listing = Pick<
  Property,
  'title' | 'city' | 'location' | 'description' | 'type' | 'status' | 'is_active' | 'archived_at'
>;

export function listingState(listing: Pick<Listing, 'status' | 'is_active' | 'archived_at'>): ListingState {
  if (listing.archived_at) return 'archived';
  if (!listing.is_active) return 'hidden';
  return listing.status === 'maintenance' ? 'maintenance' : 'available';
}

export interface ListingFilters {
  q: string;
  type: PropertyType | null;
  state: ListingState | null;
}

/** The filters in the address (`q`, `type`, `status`); unknown values are ignored, not errors. */
export function readListingFilters(params: URLSearchParams): ListingFilters {
  const type = params.get('type');
  const state = params.get('status');
  return {
    q: params.get('q') ?? '',
    type: (PROPERTY_TYPES as readonly string[]).includes(type ?? '') ? (type as PropertyType) : null,
    state: (LISTING_STATES as readonly string[]).includes(state ?? '') ? (state as ListingState) : null,
  };
}

/** The address query for filters, leaving out the empty ones and keeping other parameters. */
export function writeListingFilters(params: URLSearchParams, filters: ListingFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  set('q', filters.q);
  set('type', filters.type);
  set('status', filters.state);
  return next;
}

export const NO_FILTERS: ListingFilters = { q: '', type: null, state: null };

export function hasListingFilters(filters: ListingFilters): boolean {
  return filters.q.trim() !== '' || filters.type !== null || filters.state !== null;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Whether a listing passes the filters: every word searched appears in its title, city, location or
 * description (case and accents aside), and its type and state match the ones chosen.
 */
export function matchesListingFilters(listing: Listing, filters: ListingFilters): boolean {
  if (filters.type && listing.type !== filters.type) return false;
  if (filters.state && listingState(listing) !== filters.state) return false;
  const words = fold(filters.q).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold([listing.title, listing.city, listing.location, listing.description].join(' '));
  return words.every((word) => haystack.includes(word));
}
