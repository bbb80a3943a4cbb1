import { Alert, Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { LoadingSkeleton } from '../components/loading-skeleton.tsx';
import { ExportFeedSection } from '../features/calendar-sync/export-feed-section.tsx';
import { useCalendarFeeds } from '../features/calendar-sync/import-api.ts';
import { ImportFeedsSection } from '../features/calendar-sync/import-feeds-section.tsx';
import { refusalOr } from '../lib/api.ts';
import { usePageTitle } from '../lib/page-title.ts';

/**
 * A listing's calendar sync (issue 22 items 2 and 3): its imported calendars (Airbnb, Booking.com,
 * Google), and — beside them — its own iCal export feed.
 */
export default function CalendarSyncPage() {
  const { propertyId = '' } = useParams();
  const overview = useCalendarFeeds(propertyId);
  const title = overview.data?.property.title;
  usePageTitle(title ? `Calendar sync · ${title}` : 'Calendar sync');
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/property-management" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Property Management
          </Group>
        </Anchor>
        <Stack gap={4}>
          <Title order={1}>Calendar sync</Title>
          {overview.isPending ? (
            <LoadingSkeleton label="Loading listing" height={20} width="30%" />
          ) : (
            title && (
              <Text size="lg" c="dimmed">
                {title}
              </Text>
            )
          )}
        </Stack>
        {overview.isError ? (
          <Alert color="red" role="alert">
            {refusalOr(overview.error, 'Failed to load the calendars')}
          </Alert>
        ) : (
          <>
            <ExportFeedSection propertyId={propertyId} />
            <ImportFeedsSection propertyId={propertyId} />
          </>
        )}
      </Stack>
    </Container>
  );
}
