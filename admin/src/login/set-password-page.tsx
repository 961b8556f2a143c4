import { Alert, Button, Link, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { linkErrorAtLoad, supabase } from '@/lib/supabase';
import { AuthCard, primaryButtonSx } from '@/login/auth-card';
import {
  checkNewPassword,
  LINK_INVALID,
  MIN_PASSWORD_LENGTH,
  PASSWORD_SET,
  setNewPassword,
  type NewPasswordProblems,
} from '@/login/password-reset';

type LinkState = { kind: 'checking' } | { kind: 'invalid' } | { kind: 'ready'; email: string };

/**
 * /admin/set-password, where the mailed recovery link lands: supabase-js has turned the link's
 * fragment into a session, and the new password is saved for that account. A failed or used link
 * (an error in the URL, no session) asks for a new one.
 */
export function SetPasswordPage() {
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkState>({ kind: 'checking' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<NewPasswordProblems>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void supabase.auth.getSession().then(({ data }) => {
      if (!live) return;
      const session = data.session;
      setLink(
        linkErrorAtLoad || !session
          ? { kind: 'invalid' }
          : { kind: 'ready', email: session.user.email ?? '' },
      );
    });
    return () => {
      live = false;
    };
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const found = checkNewPassword(password, confirm);
    setProblems(found);
    if (found.password || found.confirm) return;
    setBusy(true);
    const result = await setNewPassword(password);
    setBusy(false);
    if (result.ok) navigate('/admin/login', { replace: true, state: { notice: PASSWORD_SET } });
    else setError(result.message);
  }

  if (link.kind === 'checking') {
    return (
      <AuthCard title="Set a new password">
        <Typography role="status">Checking your link…</Typography>
      </AuthCard>
    );
  }

  if (link.kind === 'invalid') {
    return (
      <AuthCard title="Set a new password">
        <Alert severity="error" role="alert">
          {LINK_INVALID}
        </Alert>
        <Link component={RouterLink} to="/admin/forgot-password" sx={{ justifySelf: 'center' }}>
          Request a new link
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set a new password" onSubmit={submit}>
      <Typography variant="body2" color="text.secondary">
        For {link.email}. Use at least {MIN_PASSWORD_LENGTH} characters.
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {/* lets password managers store the new password under the right account */}
      <input type="hidden" name="username" autoComplete="username" value={link.email} />
      <TextField
        label="New password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={Boolean(problems.password)}
        helperText={problems.password}
      />
      <TextField
        label="Confirm new password"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={Boolean(problems.confirm)}
        helperText={problems.confirm}
      />
      <Button type="submit" variant="contained" disabled={busy} sx={primaryButtonSx}>
        {busy ? 'Saving…' : 'Set password'}
      </Button>
    </AuthCard>
  );
}
