import { useState, type KeyboardEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { ProfileTab } from '@/features/account/components/profile-tab';
import { AddressTab } from '@/features/addresses/components/address-tab';
import { useSessionReady, useUser } from '@/features/auth/hooks/use-session';
import { OrdersTab } from '@/features/orders/components/orders-tab';
import { usePageTitle } from '@/lib/use-page-title';

const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'address', label: 'Address' },
  { id: 'orders', label: 'Order History' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function Component() {
  usePageTitle('My Profile', 'Your FurniCraft profile, address and orders.');
  const user = useUser();
  const ready = useSessionReady();
  // ?tab=orders opens Order History (the return form links back to it).
  const asked = useSearchParams()[0].get('tab');
  const [tab, setTab] = useState<TabId>(TABS.find((t) => t.id === asked)?.id ?? 'profile');

  if (!ready) return <PageSpinner />;
  if (!user) return <Navigate to={paths.login} replace />;

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (e: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % TABS.length
        : e.key === 'ArrowLeft'
          ? (i + TABS.length - 1) % TABS.length
          : -1;
    if (next >= 0) {
      setTab(TABS[next]!.id);
      document.getElementById(`tab-${TABS[next]!.id}`)?.focus();
    }
  };

  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title" className="mb-6 text-3xl font-bold">
        My Account
      </h1>
      <div
        role="tablist"
        aria-label="Account sections"
        className="mb-6 flex gap-2 border-b border-stone-200"
        onKeyDown={onKeyDown}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${tab === t.id ? 'border-amber-800 text-amber-900' : 'border-transparent text-stone-600 hover:text-stone-900'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`panel-${tab}`}
        aria-labelledby={`tab-${tab}`}
        className="rounded-xl border border-stone-200 bg-white p-5"
      >
        {tab === 'profile' && <ProfileTab userId={user.id} email={user.email ?? ''} />}
        {tab === 'address' && <AddressTab userId={user.id} />}
        {tab === 'orders' && <OrdersTab userId={user.id} />}
      </div>
    </section>
  );
}
