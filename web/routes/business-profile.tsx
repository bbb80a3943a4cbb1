import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { SHOW_HOME_STATE } from '../app/signed-in-landing.tsx';
import { type PublicBusinessProfile, usePublicProfile } from '../features/business-profile/api.ts';
import { PoweredByRentza } from '../features/business-profile/components/powered-by-rentza.tsx';
import { PropertyCard } from '../features/properties/components/property-card.tsx';
import { ApiError } from '../lib/api.ts';
import { usePageTitle } from '../lib/page-title.ts';

function NotFound() {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1} size="h2">
          Business not found
        </Title>
        <Alert color="gray" role="alert">
          <Stack align="flex-start">
            <Text>There is no business page at this address.</Text>
            <Group>
              <Button component={Link} to="/properties" variant="light">
                Search for Rentals
              </Button>
              <Button component={Link} to="/" state={SHOW_HOME_STATE} variant="default">
                Back to home
              </Button>
            </Group>
          </Stack>
        </Alert>
      </Stack>
    </Container>
  );
}

function Header({ profile }: { profile: PublicBusinessProfile }) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      {profile.cover_url ? (
        <Image src={profile.cover_url} alt="" h={{ base: 140, sm: 240 }} fit="cover" />
      ) : (
        <Box h={{ base: 64, sm: 96 }} bg="var(--mantine-primary-color-light)" />
      )}
      <Stack p="lg" gap="sm">
        <Group gap="md" wrap="nowrap" align="center">
          {profile.logo_url && (
            <Image
              src={profile.logo_url}
              alt={`${profile.name} logo`}
              h={56}
              w="auto"
              maw={180}
              fit="contain"
            />
          )}
          <Title order={1} size="h2">
            {profile.name}
          </Title>
        </Group>
        {profile.description && <Text style={{ whiteSpace: 'pre-line' }}>{profile.description}</Text>}
        {(profile.email || profile.phone) && (
          <Group gap="lg" component="address" style={{ fontStyle: 'normal' }}>
            {profile.email && (
              <Group gap={6}>
                <IconMail size={16} aria-hidden />
                <Anchor href={`mailto:${profile.email}`}>{profile.email}</Anchor>
              </Group>
            )}
            {profile.phone && (
              <Group gap={6}>
                <IconPhone size={16} aria-hidden />
                <Anchor href={`tel:${profile.phone.replace(/\s/g, '')}`}>{profile.phone}</Anchor>
              </Group>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** /b/<slug>: a business's public page and its bookable listings (issue 20 item 4). */
export default function BusinessProfilePage() {
  const { slug } = useParams();
  const { data: profile, isPending, error } = usePublicProfile(slug);
  const missing = error instanceof ApiError && error.status === 404;
  usePageTitle(profile?.name ?? (isPending ? null : missing ? 'Business not found' : 'Business'));

  if (isPending) {
    return (
      <Container size="lg" py="xl">
        <Stack role="status" aria-label="Loading business page">
          <Skeleton height={200} radius="md" />
          <Skeleton height={28} width="40%" />
          <Skeleton height={120} />
        </Stack>
      </Container>
    );
  }
  if (missing) return <NotFound />;
  if (!profile) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" title="Unable to load this page">
          Please try again later.
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Header profile={profile} />
        <section aria-labelledby="listings">
          <Title order={2} size="h3" id="listings" mb="md">
            Listings
          </Title>
          {profile.listings.length > 0 ? (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
              {profile.listings.map((property) => (
                <PropertyCard key={property.id} property={property} />
              ))}
            </SimpleGrid>
          ) : (
            <Text c="dimmed">{profile.name} has no listings open for booking right now.</Text>
          )}
        </section>
        {profile.powered_by_rentza && <PoweredByRentza />}
      </Stack>
    </Container>
  );
}
