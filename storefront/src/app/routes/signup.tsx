import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { signupSchema, type SignupInput } from 'shared/schemas/auth';
import { toast } from '@/lib/toast';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { signUp } from '@/features/auth/api/auth';
import { SocialButtons } from '@/features/auth/components/social-buttons';
import { toAppError } from '@/lib/errors';
import { usePageTitle } from '@/lib/use-page-title';

type SignupOutput = ReturnType<typeof signupSchema.parse>;

export function Component() {
  usePageTitle('Sign Up', 'Create your FurniCraft account.');
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupInput, unknown, SignupOutput>({
    resolver: zodResolver(signupSchema),
    defaultValues: {
      fullName: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
  });

  const onSubmit = async (v: SignupOutput) => {
    try {
      await signUp({ email: v.email, password: v.password, fullName: v.fullName, phone: v.phone });
      // confirmations are on: no session yet; /login says where the link went and offers it again
      toast.success('Account created successfully! Please check your email to confirm your account.');
      navigate(paths.login, { state: { signedUp: v.email } });
    } catch (error) {
      toast.error(toAppError(error, 'Signup failed. Please try again.').userMessage);
    }
  };

  return (
    <section
      aria-labelledby="signup-title"
      className="mx-auto max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h1 id="signup-title" className="text-2xl font-bold">
        Create Account
      </h1>
      <p className="mt-1 text-sm text-stone-600">Join FurniCraft for a faster checkout and your wishlist</p>
      <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} className="mt-6 space-y-4">
        <Field
          label="Full Name"
          autoComplete="name"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Mobile Number"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Field
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <div>
          <div className="flex items-start gap-2 text-sm">
            <input
              id="accept-terms"
              type="checkbox"
              className="mt-1"
              aria-invalid={errors.acceptTerms ? true : undefined}
              aria-describedby={errors.acceptTerms ? 'accept-terms-error' : undefined}
              {...register('acceptTerms')}
            />
            <label htmlFor="accept-terms">
              I agree to the{' '}
              <Link to={paths.terms} className="font-medium text-amber-800 underline">
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to={paths.privacy} className="font-medium text-amber-800 underline">
                Privacy Policy
              </Link>
            </label>
          </div>
          {errors.acceptTerms && (
            <p id="accept-terms-error" className="mt-1 text-sm text-red-700">
              {errors.acceptTerms.message}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={isSubmitting}
          className="w-full rounded-lg bg-amber-800 px-4 py-2 font-medium text-white hover:bg-amber-900 disabled:opacity-60"
        >
          {isSubmitting ? 'Creating account…' : 'Create Account'}
        </button>
      </form>
      <p className="my-4 text-center text-sm text-stone-600">or sign up with</p>
      <SocialButtons mode="signup" />
      <p className="mt-6 text-center text-sm">
        Already have an account?{' '}
        <Link to={paths.login} className="font-medium text-amber-800 underline">
          Login
        </Link>
      </p>
    </section>
  );
}
