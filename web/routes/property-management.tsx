import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconCamera, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../features/account/api.ts';
import {
  type OwnedProperty,
  type Property,
  useListingAllowance,
  useMyProperties,
} from '../features/properties/api.ts';
import { useMyBoosts } from '../features/properties/boost-api.ts';
import { BoostPanel } from '../features/properties/components/boost-panel.tsx';
import { ListingActions, ListingStateBadge } from '../features/properties/components/listing-actions.tsx';
import { highlightStyle, ListingTable } from '../features/properties/components/listing-table.tsx';
import { ListingToolbar, type ListingView } from '../features/properties/components/listing-toolbar.tsx';
import { PropertyCard } from '../features/properties/components/property-card.tsx';
import { PropertyForm } from '../features/properties/components/property-form.tsx';
import {
  hasListingFilters,
  type ListingFilters,
  matchesListingFilters,
  NO_FILTERS,
  readListingFilters,
  writeListingFilters,
} from '../features/properties/list-filters.ts';
import { useSavedHighlight } from '../features/properties/use-saved-highlight.ts';
import { notifyNotice } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';

type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; property: OwnedProperty };

/** The Cards / List choice, kept in this browser (docs/decisions/047). */
export const VIEW_STORAGE_KEY = 'rentza-property-view';

function Specs({ property }: { property: OwnedProperty }) {
  if (property.type !== 'accommodation') return null;
  const specs = property.specifications as { bedrooms?: number; bathrooms?: number };
  return (
    <Text size="xs" c="dimmed">
      {specs.bedrooms ?? 0} bed · {specs.bathrooms ?? 0} bath
    </Text>
  );
}

export default function PropertyManagementPage() {
  usePageTitle('Property Management');
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const { data: properties, isPending, isError } = useMyProperties();
  const { data: subscription } = useListingAllowance();
  // Staff act under their owner's subscription and cannot open the Subscription screen.
  const isOwner = useCurrentUser().data?.role === 'owner';
  const boosts = useMyBoosts();
  const [limitReason, setLimitReason] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const filters = readListingFilters(params);
  const [view, setView] = useLocalStorage<ListingView>({
    key: VIEW_STORAGE_KEY,
    defaultValue: 'cards',
    getInitialValueInEffect: false,
    serialize: (value) => value,
    deserialize: (value) => (value === 'list' ? 'list' : 'cards'),
  });
  const [announcement, setAnnouncement] = useState('');
  const shown = properties?.filter((property) => matchesListingFilters(property, filters));
  const { highlightedId, highlight } = useSavedHighlight([shown, view, mode.kind]);

  const setFilters = (next: ListingFilters, typing = false) =>
    setParams((current) => writeListingFilters(current, next), { replace: typing });

  const startAdding = () => {
    if (subscription && !subscription.canCreateListing.allowed) {
      setLimitReason(
        subscription.canCreateListing.reason ?? 'Cannot create listing due to subscription limits',
      );
      return;
    }
    setLimitReason(null);
    setMode({ kind: 'add' });
  };

  const finish = (saved?: Property) => {
    setMode({ kind: 'list' });
    if (!saved) return;
    if (!matchesListingFilters(saved, filters)) {
      setFilters(NO_FILTERS);
      notifyNotice(
        'listing-filters-cleared',
        'Filters cleared',
        `“${saved.title}” does not match the search and filters, so they were cleared to show it.`,
      );
    }
    setAnnouncement(`“${saved.title}” is highlighted in the list.`);
    highlight(saved.id);
  };

  const liveRegion = (
    <VisuallyHidden role="status" aria-live="polite">
      {announcement}
    </VisuallyHidden>
  );

  if (mode.kind !== 'list') {
    return (
      <Container size="md" py="xl">
        {liveRegion}
        <PropertyForm property={mode.kind === 'edit' ? mode.property : undefined} onDone={finish} />
      </Container>
    );
  }

  const featuredIds = boosts.data?.propertyIds ?? [];
  const edit = (property: OwnedProperty) => {
    setAnnouncement('');
    setMode({ kind: 'edit', property });
  };

  return (
    <Container size="xl" py="xl">
      {liveRegion}
      <Stack gap="lg">
        <Group justify="space-between">
          <div>
            <Title order={1}>Property Management</Title>
            {subscription?.planName && (
              <Text c="dimmed" size="sm">
                {subscription.planName} plan · {subscription.currentListings} listing
                {subscription.currentListings === 1 ? '' : 's'}
              </Text>
            )}
          </div>
          <Group gap="xs">
            <Button
              component={Link}
              to="/photography"
              variant="default"
              leftSection={<IconCamera size={16} aria-hidden />}
            >
              Photography
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={startAdding}>
              Add New Property
            </Button>
          </Group>
        </Group>
        {limitReason && (
          <Alert
            color="orange"
            role="alert"
            title="Listing limit reached"
            withCloseButton
            onClose={() => setLimitReason(null)}
            closeButtonLabel="Dismiss"
          >
            {limitReason}{' '}
            {isOwner ? (
              <Anchor component={Link} to="/subscription">
                Upgrade your subscription
              </Anchor>
            ) : (
              'Ask the owner to upgrade the subscription.'
            )}
          </Alert>
        )}
        {properties && properties.length > 0 && (
          <BoostPanel boosts={boosts.data} isPending={boosts.isPending} />
        )}
        {properties && properties.length > 0 && (
          <ListingToolbar filters={filters} onFiltersChange={setFilters} view={view} onViewChange={setView} />
        )}
        {isPending && (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            role="status"
            aria-busy="true"
            aria-label="Loading properties"
          >
            <Skeleton height={320} />
            <Skeleton height={320} />
            <Skeleton height={320} />
          </SimpleGrid>
        )}
        {isError && (
          <Alert color="red" role="alert">
            Failed to load properties
          </Alert>
        )}
        {properties && properties.length === 0 && (
          <Text ta="center" py="xl" c="dimmed">
            No properties found. Click "Add New Property" to create one.
          </Text>
        )}
        {properties && shown && properties.length > 0 && hasListingFilters(filters) && (
          <Text size="sm" c="dimmed">
            Showing {shown.length} of {properties.length} listings
          </Text>
        )}
        {properties && shown && properties.length > 0 && shown.length === 0 && (
          <Stack align="center" py="xl" gap="sm">
            <Text c="dimmed" ta="center">
              No listings match your search and filters.
            </Text>
            <Button variant="default" onClick={() => setFilters(NO_FILTERS)}>
              Clear filters
            </Button>
          </Stack>
        )}
        {shown && shown.length > 0 && view === 'list' && (
          <ListingTable
            properties={shown}
            boosts={boosts.data}
            featuredIds={featuredIds}
            highlightedId={highlightedId}
            onEdit={edit}
          />
        )}
        {shown && shown.length > 0 && view === 'cards' && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {shown.map((property) => (
              <Box
                key={property.id}
                data-listing-id={property.id}
                data-highlighted={property.id === highlightedId || undefined}
                style={{
                  ...highlightStyle(property.id === highlightedId, 'ring'),
                  borderRadius: 'var(--mantine-radius-md)',
                }}
              >
                <PropertyCard
                  property={{ ...property, featured: featuredIds.includes(property.id) }}
                  extra={
                    <>
                      <ListingStateBadge property={property} />
                      <Specs property={property} />
                    </>
                  }
                  footer={
                    <ListingActions property={property} boosts={boosts.data} onEdit={() => edit(property)} />
                  }
                />
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
