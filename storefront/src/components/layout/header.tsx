import { Heart, Menu, ShoppingCart, Sofa, X } from 'lucide-react';
import { STORE_NAME } from 'shared/config';
import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { UserMenu } from '@/components/layout/user-menu';
import { paths } from '@/config/paths';
import { useIsAdmin, useUser } from '@/features/auth/hooks/use-session';
import { useCartCount } from '@/features/cart/cart-store';
import { SearchBox } from '@/features/catalog/components/search-box';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium hover:bg-stone-100 ${isActive ? 'text-amber-800' : 'text-stone-700'}`;

const MAIN_LINKS = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.allCategories, label: 'Categories', end: false },
  { to: paths.contact, label: 'Contact', end: false },
];

function CartLink() {
  const count = useCartCount();
  return (
    <Link
      to={paths.cart}
      className="relative flex items-center rounded-md p-2 text-stone-700 hover:bg-stone-100"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-badge"
          className="absolute -top-1 -right-1 min-w-5 rounded-full bg-amber-800 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {count}
        </span>
      )}
    </Link>
  );
}

function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const user = useUser();
  const isAdmin = useIsAdmin();
  if (!user) {
    return (
      <>
        <li>
          {/* The admin console is another app: a full page load, not a client-side route. */}
          <a href={paths.adminLogin} className="block rounded-md px-3 py-2 text-stone-700 hover:bg-stone-100">
            Admin
          </a>
        </li>
        <li>
          <Link
            to={paths.login}
            onClick={onNavigate}
            className="block rounded-md px-3 py-2 text-stone-700 hover:bg-stone-100"
          >
            Login
          </Link>
        </li>
        <li>
          <Link
            to={paths.signup}
            onClick={onNavigate}
            className="block rounded-md bg-amber-800 px-3 py-2 text-white hover:bg-amber-900"
          >
            Sign Up
          </Link>
        </li>
      </>
    );
  }
  const name = (user.user_metadata?.full_name as string | undefined) || user.email || 'Account';
  return (
    <>
      {isAdmin && (
        <li>
          <a
            href={paths.admin}
            className="block rounded-md border border-amber-800 px-3 py-2 text-amber-900 hover:bg-amber-50"
          >
            Admin Panel
          </a>
        </li>
      )}
      <li>
        <Link
          to={paths.wishlist}
          onClick={onNavigate}
          aria-label="Wishlist"
          className="flex rounded-md p-2 text-stone-700 hover:bg-stone-100"
        >
          <Heart aria-hidden="true" className="size-5" />
        </Link>
      </li>
      <li>
        <UserMenu name={name} />
      </li>
    </>
  );
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <Link to={paths.home} className="flex shrink-0 items-center gap-2 text-xl font-bold text-amber-900">
          <Sofa aria-hidden="true" className="size-7" />
          {STORE_NAME}
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {MAIN_LINKS.map((l) => (
              <li key={l.label}>
                <NavLink to={l.to} end={l.end} className={navLinkClass}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden flex-1 justify-center md:flex">
          <SearchBox />
        </div>
        <div className="flex items-center gap-1">
          <nav aria-label="Account" className="hidden md:block">
            <ul className="flex items-center gap-1 text-sm font-medium">
              <AccountLinks />
            </ul>
          </nav>
          <CartLink />
          <button
            type="button"
            className="rounded-md p-2 text-stone-700 hover:bg-stone-100 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
          </button>
        </div>
      </div>
      {menuOpen && (
        <div id="mobile-menu" className="space-y-3 border-t border-stone-200 px-4 py-3 md:hidden">
          <SearchBox onNavigate={close} />
          <nav aria-label="Main">
            <ul>
              {MAIN_LINKS.map((l) => (
                <li key={l.label}>
                  <NavLink to={l.to} end={l.end} className={navLinkClass} onClick={close}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="Account">
            <ul className="flex flex-wrap items-center gap-2 text-sm font-medium">
              <AccountLinks onNavigate={close} />
            </ul>
          </nav>
        </div>
      )}
    </header>
  );
}
