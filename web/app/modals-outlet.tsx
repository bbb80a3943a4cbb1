import { ModalsProvider } from '@mantine/modals';
import { Outlet } from 'react-router';

/**
 * Confirm dialogs (modals.openConfirmModal) for the screens that use them; a lazy layout route, so
 * the other screens do not load @mantine/modals and Modal. A screen that opens a confirm (itself or
 * through a component, e.g. the listing form's unsaved-changes question) must sit under it in
 * router.tsx: property management, reservation management, my reservations, the billing setup screens.
 */
export default function ModalsOutlet() {
  return (
    <ModalsProvider>
      <Outlet />
    </ModalsProvider>
  );
}
