import type { DrawerProps } from '@mantine/core';
import { type ComponentType, lazy, Suspense, useState } from 'react';

// React.lazy types the module's polymorphic Mantine component loosely; the cast restores Drawer's own props.
const Drawer = lazy(() => import('./lazy/drawer.ts')) as unknown as ComponentType<DrawerProps>;

/**
 * Mantine's Drawer, loaded when it is first opened: closed, a drawer shows nothing, and its code
 * (modal base, focus trap, scroll lock: ~15 kB gzip) need not be in a page's first load
 * (docs/decisions/011). A drop-in replacement: import { LazyDrawer as Drawer } from '…/lazy-drawer.tsx'.
 */
export function LazyDrawer(props: DrawerProps) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}
