import { Alert, Anchor, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ExportFeedSection } from '../features/calendar-sync/export-feed-section.tsx';
import { useProperty } from '../features/properties/api.ts';
import { refusalOr } from '../lib/api.ts';
import { usePageTitle } from '../lib/page-title.ts';

/**
 * A listing's calendar sync (issue 22): its export feed here; the import feeds join this page
 * (items 2 and 3 were built side by side).
 */
export default function CalendarSyncPage() {
  const { propertyId = '' } = useParams();
  const property = useProperty(propertyId);
  usePageTitle('Calendar sync');
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/property-management" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Property Management
          </Group>
        </Anchor>
        <div>
          <Title order={1}>Calendar sync</Title>
          {property.isPending && <Skeleton height={20} width="40%" mt="xs" aria-label="Loading listing" />}
          {property.data && (
            <Text size="lg" c="dimmed">
              {property.data.title}
            </Text>
          )}
        </div>
        {property.isError ? (
          <Alert color="red" role="alert">
            {refusalOr(property.error, 'Failed to load the listing')}
          </Alert>
        ) : (
          <ExportFeedSection propertyId={propertyId} />
        )}
      </Stack>
    </Container>
  );
}
