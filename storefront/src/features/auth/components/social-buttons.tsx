import { toast } from '@/lib/toast';
import { signInWithProvider } from '@/features/auth/api/auth';

const PROVIDERS = [
  { id: 'google', label: 'Google' },
  { id: 'github', label: 'GitHub' },
] as const;

/** Google and GitHub sign-in; the failure toasts differ between login and signup (spec §8). */
export function SocialButtons({ mode }: { mode: 'login' | 'signup' }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      {PROVIDERS.map((p) => (
        <button
          key={p.id}
          type="button"
          onClick={() =>
            void signInWithProvider(p.id).catch(() =>
              toast.error(`${p.label} ${mode === 'login' ? 'login' : 'signup'} failed.`),
            )
          }
          className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-medium hover:bg-stone-100"
        >
          {mode === 'login' ? 'Sign in' : 'Sign up'} with {p.label}
        </button>
      ))}
    </div>
  );
}
