/**
 * A secret the server shows once (an API key, a webhook secret): in a read-only field with a copy
 * button and a warning, until the dialog is closed. The page never keeps it after that.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';

export function SecretOnce({ title, label, secret, onClose, children }: { title: string; label: string; secret: string; onClose: () => void; children?: React.ReactNode }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure page, a refused permission): the field stays selectable.
      setCopied('failed');
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="secret-title">
      <DialogTitle id="secret-title">{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy it now and give it to the reseller over a safe channel: it is shown only this once. The office keeps only a fingerprint of it.
        </Alert>
        <TextField
          label={label}
          value={secret}
          fullWidth
          onFocus={(event) => event.target.select()}
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title="Copy">
                    <IconButton aria-label={`Copy the ${label.toLowerCase()}`} onClick={() => void copy()} edge="end">
                      <ContentCopyIcon />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
          helperText={copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'The browser would not copy it: select it and copy it by hand.' : ' '}
        />
        {children}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          I have copied it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
