import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect } from 'react';
import { useBlocker } from '../app/history.tsx';

export const UNSAVED_CHANGES = {
  title: 'Leave without saving?',
  message: 'You have unsaved changes. If you leave now, what you typed will be lost.',
  leave: 'Leave without saving',
  stay: 'Keep editing',
} as const;

/** Asks before throwing away typed work; `onLeave` runs only if the person chooses to leave. */
export function confirmLeavingUnsaved(onLeave: () => void, onStay: () => void = () => {}): void {
  let left = false;
  modals.openConfirmModal({
    title: UNSAVED_CHANGES.title,
    children: <Text size="sm">{UNSAVED_CHANGES.message}</Text>,
    labels: { confirm: UNSAVED_CHANGES.leave, cancel: UNSAVED_CHANGES.stay },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      left = true;
      onLeave();
    },
    // Escape, the close button and the overlay all keep the person on the form.
    onClose: () => {
      if (!left) onStay();
    },
  });
}

/**
 * While `dirty`, leaving by a link, the browser's Back or Forward, a reload or closing the tab asks
 * first: in-app moves with our own dialog, reloads and closing with the browser's.
 */
export function useUnsavedChangesWarning(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state === 'blocked') confirmLeavingUnsaved(blocker.proceed, blocker.reset);
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
