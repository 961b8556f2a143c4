import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { loginSchema, type LoginInput } from 'shared/schemas/auth';
import { toast } from '@/lib/toast';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { signInWithPassword } from '@/features/auth/api/auth';
import { SocialButtons } from '@/features/auth/components/social-buttons';
import { useUser } from '@/features/auth/hooks/use-session';
import { authErrorMessage } from '@/lib/errors';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  usePageTitle('Login', 'Sign in to your FurniCraft account.');
  const user = useUser();
  const navigate = useNavigate();
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
      toast.error(authErrorMessage(error, 'Login failed. Please check your credentials and try again.'));
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
