/** A document of the API (a manifest, an export, a voucher) fetched with the session's token and saved under the name the server gave it. */
import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import type { DownloadedFile } from '../../providers/http-client';

export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function DownloadButton({ path, query, label, what, icon = <DownloadIcon /> }: { path: string; query?: Record<string, string | number | boolean | undefined>; label: string; what: string; icon?: ReactNode }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await dataProvider.download(path, query));
    } catch (error) {
      notify(`${what} could not be downloaded: ${error instanceof Error ? error.message : 'the request failed'}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={busy ? <CircularProgress size={16} /> : icon} disabled={busy} onClick={() => void download()}>
      {label}
    </Button>
  );
}
