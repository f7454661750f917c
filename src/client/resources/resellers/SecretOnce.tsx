/**
 * A secret the server shows once (an API key, a webhook secret): in a read-only field with a copy
 * button and a warning, until the dialog is closed. The page never keeps it after that.
 */
import { useTranslate } from 'react-admin';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { copyText } from '../../clipboard';
import { inSentence } from '../../i18n/language';

export function SecretOnce({ title, label, secret, onClose, children }: { title: string; label: string; secret: string; onClose: () => void; children?: React.ReactNode }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const translate = useTranslate();
  // No clipboard (an insecure page, a refused permission): the field stays selectable.
  const copy = async () => setCopied((await copyText(secret)) ? 'yes' : 'failed');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="secret-title">
      <DialogTitle id="secret-title">{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('resellers.secret.warning')}
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
                  <Tooltip title={translate('resellers.secret.copy')}>
                    <IconButton aria-label={translate('resellers.secret.copy_name', { name: inSentence(label) })} onClick={() => void copy()} edge="end">
                      <ContentCopyIcon />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
          helperText={copied === 'yes' ? translate('resellers.secret.copied') : copied === 'failed' ? translate('resellers.secret.copy_failed') : ' '}
        />
        {children}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate('resellers.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
