import { Sofa } from 'lucide-react';
import { STORE_NAME } from 'shared/config';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-stone-100 ${isActive ? 'text-amber-800' : 'text-stone-700'}`;

/** Signed-out header; the search box, cart badge and user menu arrive with their features. */
export function Header() {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <Link to={paths.home} className="flex items-center gap-2 text-xl font-bold text-amber-900">
          <Sofa aria-hidden="true" className="size-7" />
          {STORE_NAME}
        </Link>
        <nav aria-label="Main">
          <ul className="flex flex-wrap items-center gap-1">
            <li>
              <NavLink to={paths.home} end className={navLinkClass}>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.allCategories} className={navLinkClass}>
                Categories
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.contact} className={navLinkClass}>
                Contact
              </NavLink>
            </li>
          </ul>
        </nav>
        <nav aria-label="Account">
          <ul className="flex items-center gap-2 text-sm font-medium">
            <li>
              {/* The admin console is another app: a full page load, not a client-side route. */}
              <a href={paths.adminLogin} className="rounded-md px-3 py-2 text-stone-700 hover:bg-stone-100">
                Admin
              </a>
            </li>
            <li>
              <Link to={paths.login} className="rounded-md px-3 py-2 text-stone-700 hover:bg-stone-100">
                Login
              </Link>
            </li>
            <li>
              <Link
                to={paths.signup}
                className="rounded-md bg-amber-800 px-3 py-2 text-white hover:bg-amber-900"
              >
                Sign Up
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
