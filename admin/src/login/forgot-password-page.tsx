import { Alert, Button, Link, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AuthCard, primaryButtonSx } from '@/login/auth-card';
import { RESET_SENT, requestPasswordReset, setPasswordUrl } from '@/login/password-reset';

/**
 * /admin/forgot-password: mails a link to /admin/set-password. Whatever the address, staff see the
 * same confirmation (see requestPasswordReset).
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await requestPasswordReset(email.trim(), setPasswordUrl(window.location.origin));
    setBusy(false);
    if (result.ok) setSent(true);
    else setError(result.message);
  }

  const backToLogin = (
    <Link component={RouterLink} to="/admin/login" sx={{ justifySelf: 'center' }}>
      Back to sign in
    </Link>
  );

  if (sent) {
    return (
      <AuthCard title="Reset your password">
        <Alert severity="success" role="status">
          {RESET_SENT}
        </Alert>
        {backToLogin}
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password" onSubmit={submit}>
      <Typography variant="body2" color="text.secondary">
        Enter the e-mail address you sign in with. We will send you a link to set a new password.
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <TextField
        label="Admin ID"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" variant="contained" disabled={busy} sx={primaryButtonSx}>
        {busy ? 'Sending…' : 'Send reset link'}
      </Button>
      {backToLogin}
    </AuthCard>
  );
}
