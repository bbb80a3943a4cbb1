import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { boostCountLabel, isListed } from '../../../../domain/homepage-boost.ts';
import { formatRand } from '../../../../domain/money.ts';
import { ADD_ONS } from '../../../../domain/subscriptions.ts';
import { LoadingSkeleton } from '../../../components/loading-skeleton.tsx';
import { refusalOr } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import type { OwnedProperty } from '../api.ts';
import { type HomepageBoosts, useSetBoost } from '../boost-api.ts';

const ADD_ON = ADD_ONS.homepage_boost;

/**
 * Homepage boost on Property Management (docs/decisions/035): with the add-on, how many listings are
 * boosted of how many it allows; without it, what it does and where to add it.
 */
export function BoostPanel({
  boosts,
  isPending,
}: {
  boosts: HomepageBoosts | undefined;
  isPending: boolean;
}) {
  if (isPending) return <LoadingSkeleton label="Loading homepage boost" height={72} radius="md" />;
  if (!boosts) return null;
  const count = boosts.propertyIds.length;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="homepage-boost-title">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 260px' }}>
          <Title order={2} size="h4" id="homepage-boost-title">
            {ADD_ON.name}
          </Title>
          {boosts.addOnInUse ? (
            <Text size="sm" c="dimmed">
              Boosted listings lead the home page and search results with a Featured badge. Use Boost on a
              listing below.
              {count >= boosts.limit && ' Remove a boost to boost another listing.'}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Put up to {boosts.limit} of your listings first on the home page and in search results, with a
              Featured badge, for {formatRand(ADD_ON.priceCents)} a month.
            </Text>
          )}
        </Stack>
        {boosts.addOnInUse ? (
          <Badge size="lg" variant="light" color="yellow" role="status">
            {boostCountLabel(count, boosts.limit)}
          </Badge>
        ) : (
          <Anchor component={Link} to="/subscription" fw={600}>
            Add {ADD_ON.name}
          </Anchor>
        )}
      </Group>
    </Paper>
  );
}

/** Boost / Remove boost on one listing's card, while the add-on is in use. */
export function BoostButton({
  property,
  boosts,
  fullWidth = true,
}: {
  property: OwnedProperty;
  boosts: HomepageBoosts;
  fullWidth?: boolean;
}) {
  const setBoost = useSetBoost();
  const boosted = boosts.propertyIds.includes(property.id);
  if (!boosted && (!boosts.addOnInUse || !isListed(property))) return null;
  const full = !boosted && boosts.propertyIds.length >= boosts.limit;
  return (
    <Button
      size="xs"
      variant={boosted ? 'default' : 'light'}
      color={boosted ? undefined : 'yellow'}
      fullWidth={fullWidth}
      disabled={full}
      loading={setBoost.isPending}
      aria-label={`${boosted ? 'Remove boost from' : 'Boost'} ${property.title}`}
      title={full ? `All ${boosts.limit} boosts are in use: remove one to boost this listing` : undefined}
      onClick={() =>
        setBoost.mutate(
          { id: property.id, boosted: !boosted },
          {
            onSuccess: () =>
              notifySuccess(
                boosted ? 'Boost removed' : 'Listing boosted: it now leads the home page and search results',
              ),
            onError: (error) =>
              notifyError(refusalOr(error, boosted ? 'Failed to remove boost' : 'Failed to boost listing')),
          },
        )
      }
    >
      {boosted ? 'Remove boost' : 'Boost'}
    </Button>
  );
}
