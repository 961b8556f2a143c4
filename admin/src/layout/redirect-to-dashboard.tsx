import { useBasename } from 'react-admin';
import { Navigate } from 'react-router-dom';

/** The spec's rule for the console: any unknown /admin/... path goes to the dashboard at /admin. */
export function RedirectToDashboard() {
  const basename = useBasename();
  return <Navigate to={`${basename}/`} replace />;
}
