import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import { forgotPasswordSchema, type ForgotPasswordInput } from 'shared/schemas/auth';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { requestPasswordReset } from '@/features/auth/api/password';
import { RESET_SENT } from '@/features/auth/password-recovery';
import { toAppError } from '@/lib/errors';
import { usePageTitle } from '@/lib/use-page-title';

/** Where /reset-password sends a shopper whose link was used or expired: the address, if known. */
function isPrefill(state: unknown): state is { email: string } {
  return (
    typeof state === 'object' && state !== null && typeof (state as { email?: unknown }).email === 'string'
  );
}

/**
 * /forgot-password: mails a link to /reset-password. Whatever the address, the shopper sees the same
 * answer (see requestPasswordReset); only a refusal that says nothing about the address (too many
 * requests from this device, the network) is shown as an error.
 */
export function Component() {
  usePageTitle('Forgot Password', 'Set a new password for your FurniCraft account.');
  const location = useLocation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: isPrefill(location.state) ? location.state.email : '' },
  });

  const onSubmit = async ({ email }: ForgotPasswordInput) => {
    setProblem(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      setProblem(toAppError(error, 'Could not send the email. Please try again.').userMessage);
    }
  };

  return (
    <section
      aria-labelledby="forgot-title"
      className="mx-auto max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h1 id="forgot-title" className="text-2xl font-bold">
        Forgot your password?
      </h1>
      {sentTo ? (
        <>
          <p
            role="status"
            className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-stone-800"
          >
            {RESET_SENT(sentTo)}
          </p>
          <button
            type="button"
            onClick={() => setSentTo(null)}
            className="mt-4 w-full rounded-lg border border-amber-800 bg-white px-4 py-2 font-medium text-amber-900 hover:bg-amber-100"
          >
            Use a different email
          </button>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-600">
            Enter the email address you sign in with. We&apos;ll send you a link to set a new password.
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
            <Field
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <button
              type="submit"
              disabled={isSubmitting}
              className="w-full rounded-lg bg-amber-800 px-4 py-2 font-medium text-white hover:bg-amber-900 disabled:opacity-60"
            >
              {isSubmitting ? 'Sending…' : 'Send reset link'}
            </button>
          </form>
        </>
      )}
      <p className="mt-6 text-center text-sm">
        Remembered it?{' '}
        <Link to={paths.login} className="font-medium text-amber-800 underline">
          Back to login
        </Link>
      </p>
    </section>
  );
}
