import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Where a visitor goes to sign in and come back to this very page (with its variant). */
export function useLoginAndBack() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return () => navigate(`${paths.login}?redirect=${encodeURIComponent(pathname + search)}`);
}
