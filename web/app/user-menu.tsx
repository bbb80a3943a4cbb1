import {
  Avatar,
  Box,
  Group,
  Menu,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import {
  IconCalendarEvent,
  IconChevronDown,
  IconLogout,
  IconMoon,
  IconSun,
  IconUser,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { accountLinks } from '../../domain/routes.ts';
import type { CurrentUser } from '../features/account/api.ts';
import { useLogout } from './use-logout.ts';

export function initialsOf(user: Pick<CurrentUser, 'first_name' | 'last_name'>): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}

export function ColorSchemeMenuItem() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <Menu.Item
      leftSection={scheme === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />}
      onClick={() => setColorScheme(next)}
      closeMenuOnClick={false}
    >
      {scheme === 'dark' ? 'Light mode' : 'Dark mode'}
    </Menu.Item>
  );
}

// The bell (docs/decisions/042) loads with the signed-in user's menu, never for a signed-out visitor:
// the shell's first load does not grow.
const NotificationBell = lazy(() => import('./notification-bell.tsx'));

export function UserMenu({ user }: { user: CurrentUser }) {
  return (
    <>
      <Suspense fallback={<Box w={36} h={36} />}>
        <NotificationBell />
      </Suspense>
      <AccountMenu user={user} />
    </>
  );
}

function AccountMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`${initialsOf(user)} Account menu for ${user.name}`}>
          <Group gap={6} wrap="nowrap">
            <Avatar color="cyan" radius="xl" size={34}>
              {initialsOf(user)}
            </Avatar>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed">
            Currency: {user.settings.currency || 'ZAR'}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate('/profile')}>
          My Profile
        </Menu.Item>
        {accountLinks(user.role).map((link) => (
          <Menu.Item
            key={link.to}
            leftSection={<IconCalendarEvent size={16} />}
            onClick={() => navigate(link.to)}
          >
            {link.label}
          </Menu.Item>
        ))}
        <ColorSchemeMenuItem />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
