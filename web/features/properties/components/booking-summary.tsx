import { AspectRatio, Card, Group, Image, Stack, Text } from '@mantine/core';
import { bookingAsksForGuests, maxGuestsFor } from '../../../../domain/booking-page.ts';
import { bookingTotal } from '../../../../domain/booking-total.ts';
import { formatDisplayDate } from '../../../../domain/dates.ts';
import { formatRand, formatRandCents } from '../../../../domain/money.ts';
import { placeLabel, pricePeriodLabel } from '../../../../domain/property.ts';
import {
  type BookedPeriod,
  describeDuration,
  formatUnits,
  priceUnitFor,
} from '../../../../domain/rental-unit.ts';
import type { ListingPaymentTerms } from '../../../../domain/schemas/online-payments.ts';
import { type Property, ratePeriodsOf, usePropertyRates } from '../api.ts';
import { HowYouPay } from './how-you-pay.tsx';
import { ImagePlaceholder } from './image-placeholder.tsx';
import { describeSpecifications } from './specifications-view.tsx';

/** What the summary says while the booking is not yet whole, by the listing's unit. */
const HINTS = {
  night: { none: 'Choose your dates on the calendar.', started: 'Choose your check-out day.' },
  day: { none: 'Choose your dates on the calendar.', started: 'Choose your check-out day.' },
  hour: { none: 'Choose your day on the calendar.', started: 'Choose your times.' },
  month: { none: 'Choose your start day on the calendar.', started: 'Choose how many months.' },
} as const;

/**
 * The booking page's summary card: photo, title, location, specifics, dates, duration in the
 * listing's unit, capacity, price, total. `period` is the booking as it will be sent, once it can be.
 */
export function BookingSummary({
  property,
  start,
  period,
  guests,
  paymentTerms,
}: {
  property: Property;
  /** How the listing is paid (decision 059): shown with this booking's figures. */
  paymentTerms?: ListingPaymentTerms;
  /** The day picked so far (check-in, the hourly day or the monthly start). */
  start: string | null;
  period: BookedPeriod | null;
  guests: number;
}) {
  const unit = priceUnitFor(property.type);
  const rates = usePropertyRates(property.id);
  // The one total the server stores (docs/decisions/029): seasonal rates included, VAT inside the prices.
  const price = period
    ? bookingTotal({
        unit,
        period,
        listingRateCents: property.price_per_day_cents,
        rates: ratePeriodsOf(rates.data),
        cleaningFeeCents: property.cleaning_fee_cents,
        discountPercent: 0,
        taxPercent: 0,
      })
    : null;
  const dates =
    unit === 'hour'
      ? start
        ? formatDisplayDate(start)
        : '—'
      : `${start ? formatDisplayDate(start) : '—'} to ${period ? formatDisplayDate(period.endDate) : '—'}`;
  const cover = property.images[0];
  const specifics = describeSpecifications(property.type, property.specifications).slice(0, 3);
  return (
    <Card withBorder radius="md" padding="md">
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          {cover ? (
            <Image src={cover.url} alt={`Photo of ${property.title}`} />
          ) : (
            <ImagePlaceholder type={property.type} />
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Text fw={700}>{property.title}</Text>
        <Text size="sm" c="dimmed">
          {placeLabel(property.location, property.city)}
        </Text>
        <Text size="sm">{specifics.map(([label, value]) => `${label}: ${value}`).join(' · ')}</Text>
        <Text size="sm">
          {dates}
          {period && ` · ${describeDuration(unit, period)}`}
        </Text>
        {!period && (
          <Text size="sm" c="dimmed">
            {start ? HINTS[unit].started : HINTS[unit].none}
          </Text>
        )}
        {bookingAsksForGuests(property.type) && (
          <Text size="sm">
            {guests} of up to {maxGuestsFor(property.type, property.specifications)}{' '}
            {property.type === 'event_space' ? 'attendees' : 'guests'}
          </Text>
        )}
        <Group justify="space-between">
          <Text size="sm">Price</Text>
          <Text size="sm">
            {formatRand(property.price_per_day_cents)} {pricePeriodLabel(property.type)}
          </Text>
        </Group>
        {price?.segments.map((segment) => (
          <Group key={segment.startDate} justify="space-between">
            <Text size="sm">
              {formatRand(segment.rateCents)} ×{' '}
              {formatUnits(unit === 'hour' && !period?.startTime ? 'day' : unit, segment.units)}
              {segment.source === 'period' ? ' (seasonal rate)' : ''}
            </Text>
            <Text size="sm">{formatRandCents(segment.amountCents)}</Text>
          </Group>
        ))}
        {property.cleaning_fee_cents > 0 && (
          <Group justify="space-between">
            <Text size="sm">Cleaning fee</Text>
            <Text size="sm">{formatRandCents(property.cleaning_fee_cents)}</Text>
          </Group>
        )}
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700}>{price && !rates.isPending ? formatRandCents(price.totalCents) : '—'}</Text>
        </Group>
        {property.security_deposit_cents > 0 && (
          <Text size="xs" c="dimmed">
            Refundable security deposit: {formatRand(property.security_deposit_cents)}
          </Text>
        )}
        {paymentTerms && (
          <HowYouPay
            terms={paymentTerms}
            booking={
              price && period && !rates.isPending
                ? {
                    totalCents: price.totalCents,
                    startDate: period.startDate,
                    securityDepositCents: property.security_deposit_cents,
                  }
                : null
            }
          />
        )}
      </Stack>
    </Card>
  );
}
