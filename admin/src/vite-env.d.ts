/// <reference types="vite/client" />

// Inlined by vite.config.ts from the resolved build values (shared/src/config.ts siteBuildDefines):
// a production build always sets them; under vitest they are unset and src/lib/env.ts falls back to
// supabase-local.
interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  /** the publishable key (sb_publishable_…), or the legacy anon JWT */
  readonly VITE_SUPABASE_PUBLISHABLE_KEY?: string;
  readonly VITE_SITE_URL?: string;
  readonly VITE_RAZORPAY_KEY_ID?: string;
  readonly VITE_RAZORPAY_CHECKOUT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
