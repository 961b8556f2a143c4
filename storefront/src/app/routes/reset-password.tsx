import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { MIN_PASSWORD_LENGTH, newPasswordSchema, type NewPasswordInput } from 'shared/schemas/auth';
import { Field } from '@/components/ui/field';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { updatePassword } from '@/features/auth/api/password';
import { useSession, useSessionReady } from '@/features/auth/hooks/use-session';
import {
  hrefAtLoad,
  PASSWORD_CHANGED,
  RESET_LINK_EXPIRED,
  RESET_LINK_MISSING,
  recoveryLinkErrorIn,
} from '@/features/auth/password-recovery';
import { toAppError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';

const SAME_PASSWORD = 'Your new password must be different from your old one.';
const SET_FAILED = 'Could not set the password. Please try again.';

/** The recovery link's error, if the storefront was loaded on this page with one. */
function linkErrorAtLoad() {
  try {
    return new URL(hrefAtLoad).pathname === paths.resetPassword ? recoveryLinkErrorIn(hrefAtLoad) : null;
  } catch {
    return null;
  }
}

/**
 * /reset-password, where the recovery mail's link lands: supabase-js has turned the link into a
 * session, and the new password (the sign-up rules, shared/schemas/password.ts) is saved for that
 * account; the shopper stays signed in and goes to the account page. A used or expired link, or a
 * visit without one, explains and offers a new link.
 */
export function Component() {
  usePageTitle('Set a New Password', 'Choose a new password for your FurniCraft account.');
  const ready = useSessionReady();
  const session = useSession();
  const navigate = useNavigate();
  const [linkError] = useState(linkErrorAtLoad);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (!ready) return <PageSpinner />;

  const onSubmit = async ({ password }: NewPasswordInput) => {
    setProblem(null);
    try {
      await updatePassword(password);
      toast.success(PASSWORD_CHANGED);
      navigate(paths.profile, { replace: true });
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'same_password') setProblem(SAME_PASSWORD);
      // the link's session ended (signed out meanwhile, or Auth no longer accepts it)
      else if (
        code === 'session_not_found' ||
        (error as { name?: unknown }).name === 'AuthSessionMissingError'
      )
        setProblem(RESET_LINK_EXPIRED);
      else setProblem(toAppError(error, SET_FAILED).userMessage);
    }
  };

  const email = session?.user.email ?? '';
  const unusable = linkError ? RESET_LINK_EXPIRED : !session ? RESET_LINK_MISSING : null;

  return (
    <section
      aria-labelledby="reset-title"
      className="mx-auto max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h1 id="reset-title" className="text-2xl font-bold">
        Set a new password
      </h1>
      {unusable ? (
        <>
          <p
            role={linkError ? 'alert' : 'status'}
            className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-stone-800"
          >
            {unusable}
          </p>
          <Link
            to={paths.forgotPassword}
            className="mt-4 block w-full rounded-lg bg-amber-800 px-4 py-2 text-center font-medium text-white hover:bg-amber-900"
          >
            Ask for a new link
          </Link>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-600">
            For {email}. Use at least {MIN_PASSWORD_LENGTH} characters.
          </p>
          {problem && (
            <p
              role="alert"
              className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800"
            >
              {problem}
            </p>
          )}
          <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="mt-6 space-y-4">
            {/* lets password managers store the new password under the right account */}
            <input type="hidden" name="username" autoComplete="username" value={email} />
            <Field
              label="New Password"
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <Field
              label="Confirm New Password"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
            <button
              type="submit"
              disabled={isSubmitting}
              className="w-full rounded-lg bg-amber-800 px-4 py-2 font-medium text-white hover:bg-amber-900 disabled:opacity-60"
            >
              {isSubmitting ? 'Saving…' : 'Set Password'}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
