import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { PromoBanner } from '@/components/layout/promo-banner';
import { PageSpinner } from '@/components/ui/page-spinner';
import { startSessionSync } from '@/features/auth/hooks/use-session';
import { useScrollRestoration } from '@/lib/scroll-restoration';

// The assistant is not needed for the first paint: its own chunk.
const ChatWidget = lazy(() =>
  import('@/features/chat/components/chat-widget').then((m) => ({ default: m.ChatWidget })),
);

export function RootLayout() {
  // Once the first page has painted (the layout renders with it): the stored session needs supabase-js,
  // which a page like home does not need to paint (build/preload-route.ts `paintsBeforeData`).
  useEffect(() => startSessionSync(), []);
  useScrollRestoration();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <PromoBanner />
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so a page that renders after its
          data arrives grows downwards instead of pushing a visible footer (layout shift, CLS). */}
      <main id="main" className="mx-auto min-h-svh w-full max-w-6xl flex-1 px-4 py-8">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Suspense fallback={null}>
        <ChatWidget />
      </Suspense>
    </div>
  );
}
