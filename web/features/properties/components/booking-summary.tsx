import { AspectRatio, Card, Group, Image, Stack, Text } from '@mantine/core';
import { formatDisplayDate } from '../../../../domain/dates.ts';
import { formatRand } from '../../../../domain/money.ts';
import { pricePeriodLabel } from '../../../../domain/property.ts';
import {
  bookingAsksForGuests,
  countNights,
  durationUnit,
  maxGuestsFor,
  quoteTotal,
} from '../../../../domain/reservation.ts';
import type { Property } from '../api.ts';
import { ImagePlaceholder } from './image-placeholder.tsx';
import { describeSpecifications } from './specifications-view.tsx';

/** The booking page's summary card: photo, title, location, specifics, dates, duration, capacity, price, total. */
export function BookingSummary({
  property,
  start,
  end,
  guests,
}: {
  property: Property;
  start: string | null;
  end: string | null;
  guests: number;
}) {
  const nights = start && end ? countNights(start, end) : 0;
  const total = quoteTotal({
    pricePerDayCents: property.price_per_day_cents,
    cleaningFeeCents: property.cleaning_fee_cents,
    nights,
  });
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
          {property.location}, {property.city}
        </Text>
        <Text size="sm">{specifics.map(([label, value]) => `${label}: ${value}`).join(' · ')}</Text>
        <Text size="sm">
          {start ? formatDisplayDate(start) : '—'} to {end ? formatDisplayDate(end) : '—'}
          {nights > 0 && ` · ${durationUnit(property.type, nights)}`}
        </Text>
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
        {property.cleaning_fee_cents > 0 && (
          <Group justify="space-between">
            <Text size="sm">Cleaning fee</Text>
            <Text size="sm">{formatRand(property.cleaning_fee_cents)}</Text>
          </Group>
        )}
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700}>{formatRand(total)}</Text>
        </Group>
        {property.security_deposit_cents > 0 && (
          <Text size="xs" c="dimmed">
            Refundable security deposit: {formatRand(property.security_deposit_cents)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
