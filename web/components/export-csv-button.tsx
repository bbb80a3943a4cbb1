import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { refusalOr } from '../lib/api.ts';
import { downloadFile } from '../lib/download.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';

/**
 * A CSV export of what a screen shows (docs/decisions/056): fetches the file with the session
 * cookie, shows that it is working, and says how it went.
 */
export function ExportCsvButton({
  path,
  fileName,
  label = 'Export CSV',
  what,
  ...props
}: ButtonProps & { path: string; fileName: string; label?: string; what: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const saved = await downloadFile(path, fileName);
      notifySuccess(`${what} downloaded as ${saved}`);
    } catch (error) {
      notifyError(refusalOr(error, `Could not export ${what.toLowerCase()}. Please try again.`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={run}
      {...props}
    >
      {label}
    </Button>
  );
}
