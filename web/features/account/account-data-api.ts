import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { dataExportFileName } from '../../../domain/account-deletion.ts';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import { api } from '../../lib/api.ts';

/**
 * Saves the person's data export (a ZIP). Fetched first, rather than a bare link, so that a failure
 * shows a toast instead of saving an error page.
 */
export async function downloadMyData(): Promise<void> {
  const response = await fetch('/api/account/data-export', { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Data export failed: ${response.status}`);
  const blob = await response.blob();
  const address = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = address;
  link.download = dataExportFileName(todayInBusinessZone());
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(address), 60_000);
}

const DeletedSchema = z.object({ deleted: z.literal(true) });

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => api.post('/api/account/delete', { password }, DeletedSchema),
  });
}
