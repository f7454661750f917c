/**
 * A labelled text field for the pages outside react-admin, drawn like react-admin's inputs (MUI
 * "filled": a tinted box with a line under it that turns to the primary colour on focus) from a
 * native label and input. MUI's own inputs (FormControl, InputLabel, FilledInput, and the
 * InputBase and textarea sizing under them) were a tenth of the sign-in page's first download.
 * The label stays above the box rather than floating in it.
 */
import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useId, type ChangeEvent } from 'react';

export interface FieldProps {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password';
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}

export function Field({ label, name, type = 'text', value, onChange, autoComplete, autoFocus, required, error, helperText }: FieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const line = error ? 'error.main' : 'primary.main';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box component="label" htmlFor={id} sx={{ typography: 'body2', fontWeight: 500, color: error ? 'error.main' : 'text.secondary' }}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </Box>
      <Box
        component="input"
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        // The form says what is missing in its own words: no browser bubble (aria-required, not required).
        aria-required={required || undefined}
        aria-invalid={error || undefined}
        aria-describedby={helperText ? helperId : undefined}
        sx={(theme) => ({
          font: 'inherit',
          fontSize: '1rem',
          color: 'text.primary',
          width: '100%',
          boxSizing: 'border-box',
          px: 1.5,
          py: 1.5,
          border: 0,
          borderBottom: '1px solid',
          borderColor: error ? 'error.main' : alpha(theme.palette.text.primary, 0.42),
          borderRadius: '4px 4px 0 0',
          bgcolor: alpha(theme.palette.text.primary, theme.palette.mode === 'dark' ? 0.09 : 0.06),
          outline: 'none',
          transition: theme.transitions.create(['background-color', 'border-color']),
          '&:hover': { bgcolor: alpha(theme.palette.text.primary, theme.palette.mode === 'dark' ? 0.13 : 0.09) },
          '&:focus': { borderBottom: '2px solid', borderColor: line, pb: 'calc(12px - 1px)' },
        })}
      />
      {helperText && (
        <Box id={helperId} sx={{ typography: 'caption', color: error ? 'error.main' : 'text.secondary', mx: 1.5 }}>
          {helperText}
        </Box>
      )}
    </Box>
  );
}
