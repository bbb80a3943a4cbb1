import { Avatar, Badge, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { TYPE_LABELS } from '../../../../domain/property.ts';
import type { OwnedProperty } from '../api.ts';
import type { HomepageBoosts } from '../boost-api.ts';
import { ImagePlaceholder } from './image-placeholder.tsx';
import { ListingActions, ListingStateBadge } from './listing-actions.tsx';
import { Place, PriceLine } from './property-card.tsx';

/**
 * How a just-saved listing is marked: a ring (outside a card, inside a row, which also gets a tint)
 * that fades out, by the transition, when the mark ends.
 */
export function highlightStyle(highlighted: boolean, kind: 'row' | 'ring' = 'row'): CSSProperties {
  return {
    outline: '3px solid',
    outlineColor: highlighted ? 'var(--mantine-primary-color-filled)' : 'transparent',
    outlineOffset: kind === 'ring' ? 2 : -3,
    backgroundColor: kind === 'row' && highlighted ? 'var(--mantine-primary-color-light)' : undefined,
    transition: 'outline-color 1.2s ease-out, background-color 1.2s ease-out',
  };
}

function Thumbnail({ property }: { property: OwnedProperty }) {
  const cover = property.images[0];
  if (cover) return <Avatar src={cover.thumbnail_url} alt="" radius="sm" size={48} />;
  return <ImagePlaceholder type={property.type} size={48} />;
}

const TitleLink = ({ property }: { property: OwnedProperty }) => (
  <Text fw={600} size="sm" component={Link} to={`/property/${property.id}`} c="var(--mantine-color-text)">
    {property.title}
  </Text>
);

interface ListProps {
  properties: OwnedProperty[];
  boosts: HomepageBoosts | undefined;
  featuredIds: readonly string[];
  highlightedId: string | null;
  onEdit: (property: OwnedProperty) => void;
}

/** The compact list view: a table from 768 px, one dense row-card per listing below. */
export function ListingTable({ properties, boosts, featuredIds, highlightedId, onEdit }: ListProps) {
  const wide = useMediaQuery('(min-width: 48em)', true);
  if (!wide)
    return (
      <Stack gap="xs" role="list" aria-label="Listings">
        {properties.map((property) => (
          <Card
            key={property.id}
            withBorder
            padding="sm"
            radius="md"
            role="listitem"
            data-listing-id={property.id}
            data-highlighted={property.id === highlightedId || undefined}
            style={highlightStyle(property.id === highlightedId)}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Thumbnail property={property} />
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <TitleLink property={property} />
                <Group gap={6}>
                  <Badge variant="light" size="sm">
                    {TYPE_LABELS[property.type]}
                  </Badge>
                  <ListingStateBadge property={property} />
                </Group>
                <Place location={property.location} city={property.city} size="sm" />
                <PriceLine property={property} size="sm" />
              </Stack>
            </Group>
            <Card.Section p="sm" pt="xs">
              <ListingActions property={property} boosts={boosts} onEdit={() => onEdit(property)} inline />
            </Card.Section>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" aria-label="Listings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <VisuallyHidden>Photo</VisuallyHidden>
            </Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {properties.map((property) => (
            <Table.Tr
              key={property.id}
              data-listing-id={property.id}
              data-highlighted={property.id === highlightedId || undefined}
              style={highlightStyle(property.id === highlightedId)}
            >
              <Table.Td w={64}>
                <Thumbnail property={property} />
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <TitleLink property={property} />
                  {featuredIds.includes(property.id) && (
                    <Badge variant="light" color="yellow" size="xs">
                      Featured
                    </Badge>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>{TYPE_LABELS[property.type]}</Table.Td>
              <Table.Td maw={240}>
                <Place location={property.location} city={property.city} size="sm" />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <PriceLine property={property} size="sm" />
              </Table.Td>
              <Table.Td>
                <ListingStateBadge property={property} />
              </Table.Td>
              <Table.Td>
                <ListingActions property={property} boosts={boosts} onEdit={() => onEdit(property)} inline />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
