import {
  Anchor,
  AppShell,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  NavLink as MantineNavLink,
  Menu,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { navigationLinks } from '../../domain/routes.ts';
import { Logo } from '../components/logo.tsx';
import { type CurrentUser, useCurrentUser } from '../features/account/api.ts';
import { NavigationEffects } from './navigation-effects.tsx';
import { PageSkeleton } from './route-guard.tsx';
import { useLogout } from './use-logout.ts';
import { UserMenu } from './user-menu.tsx';

const SEARCH_LINK = { label: 'Search for Rentals', to: '/properties' };

/** On wide screens the management screens sit in a "Manage" menu so the header stays on one line. */
const MANAGE_PATHS = new Set([
  '/property-management',
  '/reservation-management',
  '/tenant-management',
  '/owner-user-management',
  '/users',
]);

function NavMenu({ label, links }: { label: string; links: Array<{ label: string; to: string }> }) {
  if (links.length === 0) return null;
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" rightSection={<IconChevronDown size={14} aria-hidden />}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function DesktopNav({ user }: { user: CurrentUser | null }) {
  const links = user ? navigationLinks(user.role) : [];
  const unsectioned = links.filter((link) => !link.section);
  const manage = unsectioned.filter((link) => MANAGE_PATHS.has(link.to));
  const grouped = manage.length > 1;
  const inline = grouped ? unsectioned.filter((link) => !MANAGE_PATHS.has(link.to)) : unsectioned;
  return (
    <Group gap={4} visibleFrom="sm" component="nav" aria-label="Main" wrap="nowrap">
      {[SEARCH_LINK, ...inline].map((link) => (
        <Button key={link.to} component={NavLink} to={link.to} variant="subtle" size="compact-sm">
          {link.label}
        </Button>
      ))}
      {grouped && <NavMenu label="Manage" links={manage} />}
      <NavMenu label="Billing" links={links.filter((link) => link.section === 'Billing')} />
    </Group>
  );
}

function MobileMenu({
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
  const links = user ? navigationLinks(user.role) : [];
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
              Billing
            </Text>
            {links.filter((link) => link.section === 'Billing').map(item)}
          </>
        )}
        <Divider my="sm" />
        {user ? (
          <>
            {item({ label: 'My Profile', to: '/profile' })}
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

export function Shell() {
  const [menuOpened, menu] = useDisclosure(false);
  const [scroll] = useWindowScroll();
  const { data: user } = useCurrentUser();
  const navigation = useNavigation();
  const compact = scroll.y > 20;
  const headerHeight = compact ? 56 : 72;

  return (
    <AppShell header={{ height: headerHeight }} padding={0}>
      <NavigationEffects />
      <AppShell.Header className="app-header" data-compact={compact}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="lg" wrap="nowrap">
              <Anchor component={Link} to="/" aria-label="Rentza home" lh={0}>
                <Logo height={compact ? 26 : 32} />
              </Anchor>
              <DesktopNav user={user ?? null} />
            </Group>
            <Group gap="xs" wrap="nowrap">
              {user ? (
                <UserMenu user={user} />
              ) : (
                <Group gap="xs" visibleFrom="sm">
                  <Button component={Link} to="/login" variant="default">
                    Login
                  </Button>
                  <Button component={Link} to="/register">
                    Register
                  </Button>
                </Group>
              )}
              <Burger
                opened={menuOpened}
                onClick={menu.toggle}
                hiddenFrom="sm"
                aria-label={menuOpened ? 'Close menu' : 'Open menu'}
              />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <MobileMenu user={user ?? null} opened={menuOpened} onClose={menu.close} />
      <AppShell.Main>
        <Box id="main" aria-busy={navigation.state === 'loading'} mih="calc(100vh - 140px)">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </Box>
        <Box
          component="footer"
          py="lg"
          mt="xl"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Container size="xl">
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                © {new Date().getFullYear()} Rentza · Prices in ZAR
              </Text>
              <Anchor component={Link} to="/terms" size="sm">
                Terms and conditions
              </Anchor>
            </Group>
          </Container>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
