import { ChevronDown, CircleUser } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { signOut } from '@/features/auth/api/auth';

const itemClass = 'block w-full px-4 py-2 text-left text-sm hover:bg-stone-100 focus:bg-stone-100';

/** Signed-in user's menu: Profile, Track Orders, Logout. A disclosure: Escape and outside clicks close it. */
export function UserMenu({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const logout = async () => {
    setOpen(false);
    try {
      await signOut();
      toast.success('Logged out successfully!');
      navigate(paths.home);
    } catch {
      toast.error('Logout failed. Please try again.');
    }
  };

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="user-menu"
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100"
      >
        <CircleUser aria-hidden="true" className="size-5" />
        <span className="max-w-28 truncate">{name}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
        <span className="sr-only">account menu</span>
      </button>
      {open && (
        <ul
          id="user-menu"
          className="absolute right-0 z-40 mt-1 w-44 rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
        >
          <li>
            <Link to={paths.profile} className={itemClass} onClick={() => setOpen(false)}>
              Profile
            </Link>
          </li>
          <li>
            <Link to={paths.trackOrder} className={itemClass} onClick={() => setOpen(false)}>
              Track Orders
            </Link>
          </li>
          <li>
            <button type="button" className={itemClass} onClick={() => void logout()}>
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
