import { Divider, Drawer, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { accountLinks, BILLING_MENU_LABEL, navigationLinks } from '../../domain/routes.ts';
import type { CurrentUser } from '../features/account/api.ts';
import { SEARCH_LINK } from './search-link.ts';
import { useLogout } from './use-logout.ts';

/** The navigation drawer of narrow screens; the shell loads it when the menu is first opened. */
export default function MobileMenu({
  user,
  opened,
  onClose,
}: {
  user: CurrentUser | null;
  opened: boolean;
  onClose: () => void;
}) {
  const logout = useLogout();
  const { pathname } = useLocation();
  const links = user ? navigationLinks(user) : [];
  const item = (link: { label: string; to: string }) => (
    <MantineNavLink
      key={link.to}
      component={Link}
      to={link.to}
      label={link.label}
      active={pathname === link.to}
      onClick={onClose}
    />
  );
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Menu"
      size="xs"
      hiddenFrom="sm"
      padding="md"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Stack gap={2} component="nav" aria-label="Mobile">
        {item(SEARCH_LINK)}
        {links.filter((link) => !link.section).map(item)}
        {links.some((link) => link.section === 'Billing') && (
          <>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="sm" px="sm">
              {BILLING_MENU_LABEL}
            </Text>
            {links.filter((link) => link.section === 'Billing').map(item)}
          </>
        )}
        <Divider my="sm" />
        {user ? (
          <>
            {item({ label: 'My Profile', to: '/profile' })}
            {accountLinks(user.role).map(item)}
            <MantineNavLink
              component="button"
              label="Logout"
              onClick={() => {
                onClose();
                void logout();
              }}
            />
          </>
        ) : (
          <>
            {item({ label: 'Login', to: '/login' })}
            {item({ label: 'Register', to: '/register' })}
          </>
        )}
      </Stack>
    </Drawer>
  );
}
