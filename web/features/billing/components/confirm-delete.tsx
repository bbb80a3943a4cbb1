import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { failureText } from '../load-failure.ts';

interface ConfirmDeleteOptions {
  /** The spec's question: 'Delete this rate?', 'Delete this item?', 'Delete this type?'. */
  question: string;
  /** What is being deleted, and what happens to it. */
  detail: ReactNode;
  remove: () => Promise<unknown>;
  /** The toast once done: 'Rate deleted'… */
  done: string;
  onDeleted?: () => void;
}

/** Asks first; then deletes and says so, or shows why it failed. */
export function confirmDelete({ question, detail, remove, done, onDeleted }: ConfirmDeleteOptions): void {
  modals.openConfirmModal({
    title: question,
    children: <Text size="sm">{detail}</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      remove().then(
        () => {
          notifySuccess(done);
          onDeleted?.();
        },
        (error: unknown) => notifyError(failureText(error)),
      );
    },
  });
}
