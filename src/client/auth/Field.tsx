/**
 * A labelled text field for the pages outside react-admin, drawn like react-admin's inputs
 * (MUI "filled"). Built from FormControl, InputLabel and FilledInput rather than TextField,
 * whose select mode would pull menus, popovers and modals into the first download.
 */
import { FilledInput, FormControl, FormHelperText, InputLabel } from '@mui/material';
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
  return (
    <FormControl variant="filled" fullWidth required={required} error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <FilledInput
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
