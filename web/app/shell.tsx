import { Anchor, Box, Burger, Button, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { BILLING_MENU_LABEL, navigationLinks } from '../../domain/routes.ts';
import { Logo } from '../components/logo.tsx';
import { type CurrentUser, useCurrentUser } from '../features/account/api.ts';
import { NavigationEffects } from './navigation-effects.tsx';
import { PageSkeleton } from './route-guard.tsx';
import { SEARCH_LINK } from './search-link.ts';

// Menus and the mobile drawer load when first shown: a signed-out visitor on a wide screen sees
// none of them, and the pages' first load stays small (docs/decisions/011).
const MobileMenu = lazy(() => import('./mobile-menu.tsx'));
const NavMenu = lazy(() => import('./nav-menu.tsx'));
const UserMenu = lazy(() => import('./user-menu.tsx').then(({ UserMenu }) => ({ default: UserMenu })));

/** On wide screens the management screens sit in a "Manage" menu so the header stays on one line. */
const MANAGE_PATHS = new Set([
  '/property-management',
  '/reservation-management',
  '/tenant-management',
  '/owner-user-management',
  '/reports',
  '/users',
  '/admin/support',
  '/admin/photography',
  '/agreement',
  '/admin',
]);

function DesktopNav({ user }: { user: CurrentUser | null }) {
  const links = user ? navigationLinks(user) : [];
  const unsectioned = links.filter((link) => !link.section);
  const manage = unsectioned.filter((link) => MANAGE_PATHS.has(link.to));
  const grouped = manage.length > 1;
  const inline = grouped ? unsectioned.filter((link) => !MANAGE_PATHS.has(link.to)) : unsectioned;
  const billing = links.filter((link) => link.section === 'Billing');
  return (
    <Group gap={4} visibleFrom="sm" component="nav" aria-label="Main" wrap="nowrap">
      {[SEARCH_LINK, ...inline].map((link) => (
        <Button key={link.to} component={NavLink} to={link.to} variant="subtle" size="compact-sm">
          {link.label}
        </Button>
      ))}
      <Suspense fallback={null}>
        {grouped && <NavMenu label="Manage" links={manage} />}
        {billing.length > 0 && <NavMenu label={BILLING_MENU_LABEL} links={billing} />}
      </Suspense>
    </Group>
  );
}

/**
 * Whether the page is scrolled down more than `offset` px. Only crossing the line re-renders (Mantine's
 * useWindowScroll re-rendered the whole page after it mounted, and at every scroll event). Not read
 * when mounting, which would force a layout of the whole page before its first paint: the page
 * starts at the top, and a restored scroll position comes with a scroll event.
 */
function useScrolledPast(offset: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > offset);
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [offset]);
  return past;
}

export function Shell() {
  const [menuOpened, menu] = useDisclosure(false);
  // The drawer's code loads on the first open (most visitors on wide screens never need it).
  const [menuUsed, setMenuUsed] = useState(false);
  const compact = useScrolledPast(20);
  const { data: user } = useCurrentUser();
  const headerHeight = compact ? 56 : 72;

  return (
    <Box style={{ '--app-header-height': `${headerHeight}px` }}>
      <NavigationEffects />
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      {/* right-scroll-bar-position: react-remove-scroll keeps it in place while a drawer locks scrolling. */}
      <Box component="header" className="app-header right-scroll-bar-position" data-compact={compact}>
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
                <Suspense fallback={<Box w={54} h={34} />}>
                  <UserMenu user={user} />
                </Suspense>
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
                onClick={() => {
                  setMenuUsed(true);
                  menu.toggle();
                }}
                hiddenFrom="sm"
                aria-label={menuOpened ? 'Close menu' : 'Open menu'}
              />
            </Group>
          </Group>
        </Container>
      </Box>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu user={user ?? null} opened={menuOpened} onClose={menu.close} />
        </Suspense>
      )}
      <Box component="main" className="app-main">
        <Box id="main" tabIndex={-1} style={{ outline: 'none' }} mih="calc(100vh - 140px)">
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
              <Group gap="md">
                <Anchor component={Link} to="/privacy" size="sm">
                  Privacy
                </Anchor>
                <Anchor component={Link} to="/terms" size="sm">
                  Terms and conditions
                </Anchor>
              </Group>
            </Group>
          </Container>
        </Box>
      </Box>
    </Box>
  );
}
