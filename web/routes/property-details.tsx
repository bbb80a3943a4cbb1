import {
  Alert,
  Anchor,
  AspectRatio,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Divider,
  Grid,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatRand } from '../../domain/money.ts';
import { humanize, TYPE_LABELS } from '../../domain/property.ts';
import { readStayChoice } from '../../domain/search-to-booking.ts';
import { SHOW_HOME_STATE } from '../app/signed-in-landing.tsx';
import { useListingBrand } from '../features/business-profile/brand-api.ts';
import { PoweredByRentza } from '../features/business-profile/components/powered-by-rentza.tsx';
import { type ListingDetail, useProperty } from '../features/properties/api.ts';
import { HowYouPay } from '../features/properties/components/how-you-pay.tsx';
import { ImagePlaceholder } from '../features/properties/components/image-placeholder.tsx';
import { Place, PriceLine } from '../features/properties/components/property-card.tsx';
import { SpecificationsView } from '../features/properties/components/specifications-view.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { StayTotalLine, useListingStay } from './listing-stay-panel.tsx';

const ListingCalendar = lazy(() =>
  import('./listing-calendar.tsx').then((module) => ({ default: module.ListingCalendar })),
);

function Gallery({
  images,
  title,
  type,
}: {
  images: Array<{ id: string; url: string; thumbnail_url: string }>;
  title: string;
  type: Parameters<typeof ImagePlaceholder>[0]['type'];
}) {
  const [index, setIndex] = useState(0);
  const current = images[index];
  return (
    <Stack gap="xs">
      <AspectRatio ratio={16 / 10}>
        {current ? (
          <Image
            src={current.url}
            alt={`Photo ${index + 1} of ${images.length}: ${title}`}
            radius="md"
            fit="cover"
          />
        ) : (
          <ImagePlaceholder type={type} />
        )}
      </AspectRatio>
      {images.length > 1 && (
        <Group gap="xs" aria-label="Photos" role="group">
          {images.map((image, position) => (
            <UnstyledButton
              key={image.id}
              onClick={() => setIndex(position)}
              aria-label={`Show photo ${position + 1}`}
              aria-current={position === index}
              style={{
                borderRadius: 8,
                outline: position === index ? '3px solid var(--mantine-primary-color-filled)' : undefined,
              }}
            >
              <Image src={image.thumbnail_url} alt="" w={88} h={66} radius="sm" fit="cover" />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function ListingPage({ property }: { property: ListingDetail }) {
  const [params] = useSearchParams();
  const stay = useListingStay(property, readStayChoice(params));
  const { data: brand } = useListingBrand(property.id);
  return (
    <Container size="lg" py="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Gallery images={property.images} title={property.title} type={property.type} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <Group gap="xs">
              <Badge variant="light">{TYPE_LABELS[property.type]}</Badge>
              <Badge variant="outline">{humanize(property.category)}</Badge>
            </Group>
            <Title order={1} size="h2">
              {property.title}
            </Title>
            <Place location={property.location} city={property.city} />
            {brand?.business && (
              <Text size="sm">
                by{' '}
                <Anchor component={Link} to={`/b/${brand.business.slug}`} fw={600}>
                  {brand.business.name}
                </Anchor>
              </Text>
            )}
            <Card withBorder radius="md" padding="md">
              <Stack gap="xs">
                <PriceLine property={property} size="lg" />
                {property.cleaning_fee_cents > 0 && (
                  <Text size="sm">Cleaning fee: {formatRand(property.cleaning_fee_cents)}</Text>
                )}
                {property.security_deposit_cents > 0 && (
                  <Text size="sm">Security deposit: {formatRand(property.security_deposit_cents)}</Text>
                )}
                <StayTotalLine range={stay.range} total={stay.total} />
                <Button component={Link} to={stay.bookingPath} size="md" mt="xs">
                  Book Now
                </Button>
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      <Stack gap="lg" mt="xl">
        <Suspense fallback={<Skeleton height={320} radius="md" />}>
          <ListingCalendar property={property} range={stay.range} onRangeChange={stay.setRange} />
        </Suspense>
        <HowYouPay
          terms={property.paymentTerms}
          booking={
            stay.total !== null && stay.range.start
              ? {
                  totalCents: stay.total,
                  startDate: stay.range.start,
                  securityDepositCents: property.security_deposit_cents,
                }
              : null
          }
        />
        <Divider />
        <section aria-labelledby="about">
          <Title order={2} size="h3" id="about" mb="xs">
            About this {TYPE_LABELS[property.type].toLowerCase()}
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{property.description}</Text>
        </section>
        <Divider />
        <section aria-labelledby="specs">
          <Title order={2} size="h3" id="specs" mb="sm">
            Specifications
          </Title>
          <SpecificationsView type={property.type} specifications={property.specifications} />
        </section>
        {property.amenities.length > 0 && (
          <>
            <Divider />
            <section aria-labelledby="amenities">
              <Title order={2} size="h3" id="amenities" mb="sm">
                Amenities
              </Title>
              <SimpleGrid
                cols={{ base: 2, sm: 3 }}
                component="ul"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {property.amenities.map((amenity) => (
                  <Group key={amenity} gap={6} component="li">
                    <IconCheck size={16} aria-hidden />
                    <Text>{humanize(amenity)}</Text>
                  </Group>
                ))}
              </SimpleGrid>
            </section>
          </>
        )}
        {brand?.powered_by_rentza && <PoweredByRentza />}
      </Stack>
    </Container>
  );
}

export default function PropertyDetailsPage() {
  const { id } = useParams();
  const { data: property, isPending, isError } = useProperty(id);
  usePageTitle(property?.title ?? (isPending ? null : 'Property not found'));

  if (isPending) {
    return (
      <Center py={96}>
        <Stack align="center">
          <Loader />
          <Text>Loading property details...</Text>
        </Stack>
      </Center>
    );
  }
  if (isError || !property) {
    return (
      <Container size="sm" py="xl">
        <Stack>
          <Title order={1} size="h2">
            Property not found
          </Title>
          <Alert color="red" role="alert">
            <Stack align="flex-start">
              <Text>Property not found.</Text>
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

  return <ListingPage property={property} />;
}
