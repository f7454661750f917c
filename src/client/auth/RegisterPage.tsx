/**
 * Registration form, kept unrouted: accounts are created by administrators
 * (POST /admin/auth/signup), so this posts there with the signed-in administrator's token.
 */
import { Alert, Box, Button, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { apiPaths } from '../../shared/api-paths';
import { passwordLengthError } from '../../shared/password-policy';
import { STAFF_ROLE } from '../../shared/permissions';
import { ApiError } from '../providers/http-client';
import { useHttpClient } from '../providers/http-client-context';
import { AuthCard } from './AuthCard';

export function RegisterPage() {
  const httpClient = useHttpClient();
  const [values, setValues] = useState({ fullName: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordLengthError(values.password);
    if (problem) return setErrors({ password: problem });
    setErrors({});
    try {
      await httpClient.request(apiPaths.signup, { method: 'POST', body: { ...values, roles: [STAFF_ROLE] }, mutation: true });
      setMessage({ severity: 'success', text: `The account of ${values.email} is ready.` });
    } catch (failure) {
      const data = failure instanceof ApiError ? (failure.data as { errors?: Record<string, string> } | null) : null;
      setErrors(data?.errors ?? {});
      setMessage({ severity: 'error', text: failure instanceof Error ? failure.message : 'Registration failed.' });
    }
  }

  const field = (name: keyof typeof values, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      required
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
    />
  );

  return (
    <AuthCard title="Register">
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {message && <Alert severity={message.severity}>{message.text}</Alert>}
        {field('fullName', 'Full name')}
        {field('email', 'Email', 'email')}
        {field('password', 'Password', 'password')}
        <Button type="submit" variant="contained">
          Register
        </Button>
      </Box>
    </AuthCard>
  );
}
