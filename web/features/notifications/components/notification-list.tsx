import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import {
  type InAppNotification,
  IN_APP_NOTIFICATION_MESSAGES as M,
} from '../../../../domain/schemas/in-app-notifications.ts';
import { timeAgo } from '../../../../domain/time-ago.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useNotificationSettings } from '../../account/notification-settings-api.ts';
import { useMarkAllRead, useMarkRead, useNotificationList } from '../api.ts';

const SETTINGS_LINK = '/profile#notification-settings';

function Item({ item, onOpen }: { item: InAppNotification; onOpen: (item: InAppNotification) => void }) {
  return (
    <li>
      <UnstyledButton
        className="notification-item"
        data-unread={!item.read || undefined}
        onClick={() => onOpen(item)}
        w="100%"
        px="md"
        py="sm"
      >
        {!item.read && <VisuallyHidden>Unread: </VisuallyHidden>}
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={item.read ? 500 : 700} lineClamp={2}>
            {item.title}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {timeAgo(item.created_at)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {item.body}
        </Text>
      </UnstyledButton>
    </li>
  );
}

/** The bell's popover: the newest notifications, "Mark all as read", and what to do when it is empty. */
export default function NotificationList({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const { data, isPending, isError } = useNotificationList();
  const settings = useNotificationSettings();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();

  const open = (item: InAppNotification) => {
    onClose();
    if (!item.read) markRead.mutate(item.id, { onError: () => notifyError(M.markFailed) });
    if (item.link) void navigate(item.link);
  };
  const readAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => notifySuccess(M.allRead),
      onError: () => notifyError(M.markFailed),
    });

  const switchedOff = settings.data?.app === false;
  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" py="xs" wrap="nowrap">
        <Text fw={700} size="sm" component="h2" m={0}>
          Notifications
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={readAll}
          loading={markAll.isPending}
          disabled={!data || data.unread === 0}
        >
          Mark all as read
        </Button>
      </Group>
      <Divider />
      {isPending && (
        <Stack p="md" gap="sm" aria-busy>
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      )}
      {isError && (
        <Alert color="red" m="md">
          {M.loadFailed}
        </Alert>
      )}
      {switchedOff && (
        <Group gap="xs" px="md" py="sm" wrap="nowrap">
          <IconBellOff size={16} aria-hidden />
          <Text size="xs">
            In-app notifications are off, so nothing new arrives here.{' '}
            <Anchor component={Link} to={SETTINGS_LINK} onClick={onClose} size="xs">
              Switch them on
            </Anchor>
          </Text>
        </Group>
      )}
      {data && data.items.length === 0 && (
        <Text size="sm" c="dimmed" px="md" py="lg" ta="center">
          No notifications yet. Booking requests, confirmations, cancellations, payments and support replies
          appear here.
        </Text>
      )}
      {data && data.items.length > 0 && (
        <ScrollArea.Autosize mah="min(420px, 60vh)" type="auto">
          <Stack
            component="ul"
            gap={0}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="Latest notifications"
          >
            {data.items.map((item) => (
              <Item key={item.id} item={item} onOpen={open} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
