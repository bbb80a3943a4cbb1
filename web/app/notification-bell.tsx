import { ActionIcon, Indicator, Popover, Skeleton, Stack } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { badgeCount, bellLabel } from '../../domain/schemas/in-app-notifications.ts';
import { useUnreadCount } from '../features/notifications/api.ts';

// The list loads on the first open: most page views only need the count (docs/decisions/042).
const NotificationList = lazy(() => import('../features/notifications/components/notification-list.tsx'));

/** The header's bell for a signed-in user: the unread count, and the latest notifications on a click. */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const { data } = useUnreadCount();
  const unread = data?.unread ?? 0;
  return (
    // The count sits on the bell; the popover's target is the button itself (its ARIA is a button's).
    <Indicator label={badgeCount(unread)} disabled={unread === 0} size={18} color="red" offset={4}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width="min(380px, calc(100vw - 16px))"
        shadow="md"
        trapFocus
        returnFocus
        withinPortal
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={36}
            radius="xl"
            aria-label={bellLabel(unread)}
            onClick={() => setOpened((open) => !open)}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} aria-label="Notifications">
          {opened && (
            <Suspense
              fallback={
                <Stack p="md" gap="sm">
                  <Skeleton height={16} width="40%" />
                  <Skeleton height={48} />
                  <Skeleton height={48} />
                </Stack>
              }
            >
              <NotificationList onClose={() => setOpened(false)} />
            </Suspense>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

export default NotificationBell;
