import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { findRoute, isHomeRoute, routeUrl, ROUTES } from '../../config/paths';
import { loginUrl } from '../../features/auth/session';
import { useSession } from '../../features/auth/session-store';
import { OfflineNotice } from './offline-notice';

/**
 * The routing rules of SPEC §2 that apply to every page load: the token guard with its
 * redirect, and home hidden from users who may not see it.
 */
export function RootLayout() {
  const location = useLocation();
  const route = findRoute(location.pathname);
  const token = useSession((state) => state.token);
  const permissionData = useSession((state) => state.permissionData);
  const mustChangePassword = useSession((state) => state.userInfo?.mustChangePassword === true);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  if (route && !route.public && !token) {
    return <Navigate to={loginUrl(`${location.pathname}${location.search}`)} replace />;
  }
  // After a leader's reset nothing but the new password works (the server refuses the rest).
  if (route && !route.public && token && mustChangePassword && route.path !== ROUTES.updatePassword.path) {
    return <Navigate to={routeUrl('updatePassword')} replace />;
  }
  if (isHomeRoute(route) && token && permissionData && !permissionData.isShowIndex) {
    return <Navigate to={routeUrl('my')} replace />;
  }
  return (
    <>
      <OfflineNotice />
      <Outlet />
    </>
  );
}
