import { Alert, Button, Link, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard, primaryButtonSx } from '@/login/auth-card';
import { signInAdmin } from '@/login/sign-in';

/**
 * /admin/login, outside react-admin so that this page loads only React, a few MUI parts and
 * supabase-js; the console itself is fetched after sign-in.
 */
export function LoginPage() {
  const navigate = useNavigate();
  // set by /admin/set-password after a new password is saved
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await signInAdmin(email.trim(), password);
    setBusy(false);
    if (result.ok) navigate('/admin', { replace: true });
    else setError(result.message);
  }

  return (
    <AuthCard title="Admin Login" onSubmit={submit}>
      {notice && !error && (
        <Alert severity="success" role="status">
          {notice}
        </Alert>
      )}
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
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" variant="contained" disabled={busy} sx={primaryButtonSx}>
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
      <Link component={RouterLink} to="/admin/forgot-password" sx={{ justifySelf: 'center' }}>
        Forgot password?
      </Link>
    </AuthCard>
  );
}
