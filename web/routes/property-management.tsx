import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCamera, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ArchivedBadge } from '../components/archived-badge.tsx';
import { useCurrentUser } from '../features/account/api.ts';
import {
  type OwnedProperty,
  useDeleteProperty,
  useListingAllowance,
  useMyProperties,
  useRestoreProperty,
} from '../features/properties/api.ts';
import { type HomepageBoosts, useMyBoosts } from '../features/properties/boost-api.ts';
import { BoostButton, BoostPanel } from '../features/properties/components/boost-panel.tsx';
import { PropertyCard } from '../features/properties/components/property-card.tsx';
import { PropertyForm } from '../features/properties/components/property-form.tsx';
import { ApiError } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';

type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; property: OwnedProperty };

const DELETE_QUESTION = 'Are you sure you want to delete this property?';
const ARCHIVE_NOTICE =
  'This property has reservations, so it will be archived instead of deleted: it disappears from search and takes no new bookings, its reservations keep showing it, and you can restore it later.';

function RestoreButton({ property }: { property: OwnedProperty }) {
  const restore = useRestoreProperty();
  return (
    <Button
      size="xs"
      variant="light"
      fullWidth
      loading={restore.isPending}
      onClick={() =>
        // The promise, not mutate's callbacks: this button unmounts once the listing is live again.
        restore.mutateAsync(property.id).then(
          () => notifySuccess('Property restored successfully'),
          (error: unknown) =>
            notifyError(error instanceof ApiError ? error.message : 'Failed to restore property'),
        )
      }
    >
      Restore
    </Button>
  );
}

function CardFooter({
  property,
  boosts,
  onEdit,
}: {
  property: OwnedProperty;
  boosts: HomepageBoosts | undefined;
  onEdit: () => void;
}) {
  const remove = useDeleteProperty();
  const archives = property.has_reservations;
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: archives ? 'Archive property' : 'Delete property',
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Stack gap="xs">
          <Text size="sm">{DELETE_QUESTION}</Text>
          {archives && <Text size="sm">{ARCHIVE_NOTICE}</Text>}
        </Stack>
      ),
      labels: { confirm: archives ? 'Archive' : 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      // The promise, not mutate's callbacks: a deleted listing's card unmounts before they would run.
      onConfirm: () =>
        remove.mutateAsync(property.id).then(
          (archived) =>
            notifySuccess(archived ? 'Property archived successfully' : 'Property deleted successfully'),
          (error: unknown) =>
            notifyError(error instanceof ApiError ? error.message : 'Failed to delete property'),
        ),
    });
  return (
    <Stack gap="xs">
      {property.archived_at ? (
        <RestoreButton property={property} />
      ) : (
        <Button size="xs" variant="light" component={Link} to={`/reservation/${property.id}`} fullWidth>
          Create Reservation
        </Button>
      )}
      {boosts && <BoostButton property={property} boosts={boosts} />}
      <Group gap="xs" grow>
        <Button size="xs" variant="default" onClick={onEdit}>
          Edit
        </Button>
        {!property.archived_at && (
          <Button size="xs" variant="subtle" color="red" onClick={confirmDelete} loading={remove.isPending}>
            Delete
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function Extra({ property }: { property: OwnedProperty }) {
  const specs = property.specifications as { bedrooms?: number; bathrooms?: number };
  return (
    <>
      {property.archived_at ? (
        <ArchivedBadge />
      ) : (
        <Badge
          size="sm"
          variant="outline"
          color={property.is_active && property.status === 'available' ? 'teal' : 'gray'}
        >
          {property.is_active ? property.status : 'hidden'}
        </Badge>
      )}
      {property.type === 'accommodation' && (
        <Text size="xs" c="dimmed">
          {specs.bedrooms ?? 0} bed · {specs.bathrooms ?? 0} bath
        </Text>
      )}
    </>
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

  if (mode.kind !== 'list') {
    return (
      <Container size="md" py="xl">
        <PropertyForm
          property={mode.kind === 'edit' ? mode.property : undefined}
          onDone={() => setMode({ kind: 'list' })}
        />
      </Container>
    );
  }

  return (
    <Container size="xl" py="xl">
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
        {properties && properties.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {properties.map((property) => (
              <PropertyCard
                key={property.id}
                property={{ ...property, featured: boosts.data?.propertyIds.includes(property.id) }}
                extra={<Extra property={property} />}
                footer={
                  <CardFooter
                    property={property}
                    boosts={boosts.data}
                    onEdit={() => setMode({ kind: 'edit', property })}
                  />
                }
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
