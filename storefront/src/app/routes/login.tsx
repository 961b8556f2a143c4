import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { loginSchema, type LoginInput } from 'shared/schemas/auth';
import { toast } from '@/lib/toast';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { resendConfirmation, signInWithPassword } from '@/features/auth/api/auth';
import { SocialButtons } from '@/features/auth/components/social-buttons';
import { useUser } from '@/features/auth/hooks/use-session';
import { toAppError } from '@/lib/errors';
import { usePageTitle } from '@/lib/use-page-title';

const UNCONFIRMED =
  'Please confirm your email address before signing in. We sent you a link when you signed up.';
const CHECK_INBOX = (email: string) =>
  `We sent a confirmation link to ${email}. Follow it to finish creating your account and sign in.`;
const RESENT = (email: string) =>
  `A new confirmation link has been sent to ${email}. Check your inbox (and the spam folder).`;

/** Why the confirmation panel shows: just signed up (from /signup), or a sign-in refused as unconfirmed. */
type Pending = { email: string; reason: 'signed-up' | 'unconfirmed' };

function isSignedUpState(state: unknown): state is { signedUp: string } {
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof (state as { signedUp?: unknown }).signedUp === 'string'
  );
}

export function Component() {
  usePageTitle('Login', 'Sign in to your FurniCraft account.');
  const user = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<Pending | null>(() =>
    isSignedUpState(location.state) ? { email: location.state.signedUp, reason: 'signed-up' } : null,
  );
  // Back where sign-in was asked for (?redirect=/checkout); only paths of this site.
  const redirect = useSearchParams()[0].get('redirect') ?? '';
  const next = /^\/(?!\/)/.test(redirect) ? redirect : paths.home;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  // A signed-in user is sent to the home page (spec: Login).
  if (user && !isSubmitting) return <Navigate to={next} replace />;

  const onSubmit = async (values: LoginInput) => {
    try {
      await signInWithPassword(values.email, values.password);
      toast.success('Login successful!');
      navigate(next);
    } catch (error) {
      // the password was right but the address is not confirmed yet: say so, and offer the mail again
      if ((error as { code?: string } | null)?.code === 'email_not_confirmed') {
        setPending({ email: values.email, reason: 'unconfirmed' });
        return;
      }
      toast.error(
        toAppError(error, 'Login failed. Please check your credentials and try again.').userMessage,
      );
    }
  };

  return (
    <section
      aria-labelledby="login-title"
      className="mx-auto max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h1 id="login-title" className="text-2xl font-bold">
        Welcome Back
      </h1>
      <p className="mt-1 text-sm text-stone-600">Sign in to your account</p>
      {pending && <ConfirmationPanel key={`${pending.reason}:${pending.email}`} pending={pending} />}
      <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="mt-6 space-y-4">
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="text-right text-sm">
          <Link to={paths.forgotPassword} className="font-medium text-amber-800 underline">
            Forgot password?
          </Link>
        </p>
        <button
          type="submit"
          disabled={isSubmitting}
          className="w-full rounded-lg bg-amber-800 px-4 py-2 font-medium text-white hover:bg-amber-900 disabled:opacity-60"
        >
          {isSubmitting ? 'Signing in…' : 'Sign In'}
        </button>
      </form>
      <p className="my-4 text-center text-sm text-stone-600">or continue with</p>
      <SocialButtons mode="login" />
      <p className="mt-6 text-center text-sm">
        Don&apos;t have an account?{' '}
        <Link to={paths.signup} className="font-medium text-amber-800 underline">
          Sign up
        </Link>
      </p>
    </section>
  );
}

/** "Confirm your email" with a resend button: after sign-up, or when sign-in was refused as unconfirmed. */
function ConfirmationPanel({ pending }: { pending: Pending }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const resend = async () => {
    setState('sending');
    setProblem(null);
    try {
      await resendConfirmation(pending.email);
      setState('sent');
    } catch (error) {
      setState('idle');
      setProblem(toAppError(error, 'Could not send the email. Please try again.').userMessage);
    }
  };
  return (
    <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-stone-800">
      {pending.reason === 'unconfirmed' ? (
        <p role="alert" className="font-medium">
          {UNCONFIRMED}
        </p>
      ) : (
        <p role="status">{CHECK_INBOX(pending.email)}</p>
      )}
      <button
        type="button"
        onClick={() => void resend()}
        disabled={state === 'sending'}
        className="mt-3 rounded-lg border border-amber-800 bg-white px-3 py-1.5 font-medium text-amber-900 hover:bg-amber-100 disabled:opacity-60"
      >
        {state === 'sending' ? 'Sending…' : 'Resend confirmation email'}
      </button>
      <p role="status" className="mt-2 empty:hidden">
        {state === 'sent' ? RESENT(pending.email) : ''}
      </p>
      {problem && (
        <p role="alert" className="mt-2 text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
