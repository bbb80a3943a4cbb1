import { AspectRatio, Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatRand } from '../../../../domain/money.ts';
import { humanize, placeLabel, pricePeriodLabel } from '../../../../domain/property.ts';
import type { Property } from '../api.ts';
import { ImagePlaceholder } from './image-placeholder.tsx';

export function PriceLine({ property, size = 'md' }: { property: Property; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Text fw={700} size={size}>
      {formatRand(property.price_per_day_cents)}{' '}
      <Text span c="dimmed" fw={400} size="sm">
        {pricePeriodLabel(property.type)}
      </Text>
    </Text>
  );
}

export function CoverImage({ property }: { property: Property }) {
  const cover = property.images[0];
  return (
    <AspectRatio ratio={4 / 3}>
      {cover ? (
        <Image src={cover.thumbnail_url} alt={`Photo of ${property.title}`} loading="lazy" fit="cover" />
      ) : (
        <ImagePlaceholder type={property.type} />
      )}
    </AspectRatio>
  );
}

/** Where a listing is, the city named once; the pin stays beside the text, which wraps beside it. */
export function Place({ location, city, size }: { location: string; city: string; size?: 'sm' | 'md' }) {
  const iconSize = size === 'sm' ? 14 : 16;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <IconMapPin size={iconSize} aria-hidden style={{ flexShrink: 0, marginTop: size === 'sm' ? 3 : 4 }} />
      <Text size={size} c="dimmed" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {placeLabel(location, city)}
      </Text>
    </Group>
  );
}

/**
 * A listing card linking to the property page; `footer` adds owner actions in management. A listing
 * its owner boosts (Homepage boost add-on, docs/decisions/035) carries a Featured badge.
 */
export function PropertyCard({
  property,
  footer,
  extra,
  stay = '',
}: {
  property: Property & { featured?: boolean; total_cents?: number };
  footer?: ReactNode;
  extra?: ReactNode;
  /** The searched dates and guests the listing page keeps (a query string, docs/decisions/043). */
  stay?: string;
}) {
  const to = `/property/${property.id}${stay}`;
  return (
    <Card withBorder padding="sm" radius="md" h="100%">
      <Card.Section component={Link} to={to} aria-label={`View ${property.title}`}>
        <CoverImage property={property} />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Group gap={6}>
          {property.featured && (
            <Badge variant="light" color="yellow" size="sm">
              Featured
            </Badge>
          )}
          <Badge variant="light" size="sm">
            {humanize(property.category)}
          </Badge>
          {extra}
        </Group>
        <Text
          fw={600}
          lineClamp={2}
          title={property.title}
          component={Link}
          to={to}
          c="var(--mantine-color-text)"
        >
          {property.title}
        </Text>
        <Place location={property.location} city={property.city} size="sm" />
        <PriceLine property={property} />
        {property.total_cents !== undefined && (
          <Text size="sm" fw={600}>
            Total {formatRand(property.total_cents)} for your dates
          </Text>
        )}
      </Stack>
      {footer && <Card.Section p="sm">{footer}</Card.Section>}
    </Card>
  );
}
