import { describe, expect, it } from 'vitest';
import { entitlementsFor } from './entitlements.ts';
import {
  BOOST_MESSAGES,
  boostCountLabel,
  boostRefusal,
  HOMEPAGE_BOOST_LIMIT,
  isListed,
} from './homepage-boost.ts';

const listed = { is_active: true, status: 'available', archived_at: null };
const withBoost = entitlementsFor('starter', ['homepage_boost']);
const withoutBoost = entitlementsFor('business', ['photography', 'branded_profile']);

describe('homepage boost', () => {
  it('boosts up to three listings', () => {
    expect(HOMEPAGE_BOOST_LIMIT).toBe(3);
    expect(boostRefusal(withBoost, listed, 0, false)).toBeNull();
    expect(boostRefusal(withBoost, listed, 2, false)).toBeNull();
    expect(boostRefusal(withBoost, listed, 3, false)).toBe(BOOST_MESSAGES.limitReached);
  });

  it('needs the add-on, whatever the plan', () => {
    expect(boostRefusal(withoutBoost, listed, 0, false)).toBe(BOOST_MESSAGES.noAddOn);
    expect(boostRefusal(withoutBoost, listed, 0, true)).toBe(BOOST_MESSAGES.noAddOn);
    expect(BOOST_MESSAGES.noAddOn).toContain('Homepage boost add-on');
  });

  it('boosting a listing already boosted is allowed at the limit (nothing changes)', () => {
    expect(boostRefusal(withBoost, listed, 3, true)).toBeNull();
  });

  it('never boosts an archived, inactive or unavailable listing', () => {
    for (const listing of [
      { ...listed, archived_at: '2026-11-01T00:00:00.000Z' },
      { ...listed, is_active: false },
      { ...listed, status: 'maintenance' },
    ]) {
      expect(isListed(listing)).toBe(false);
      expect(boostRefusal(withBoost, listing, 0, false)).toBe(BOOST_MESSAGES.notListed);
    }
    expect(isListed(listed)).toBe(true);
  });

  it('counts boosts as an owner reads them', () => {
    expect(boostCountLabel(2)).toBe('2 of 3 boosted');
    expect(boostCountLabel(0)).toBe('0 of 3 boosted');
  });
});
