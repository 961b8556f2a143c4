import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** react-admin's login route hands over to the outer router's light login page (app.tsx). */
export function LoginRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/admin/login', { replace: true });
  }, [navigate]);
  return null;
}
