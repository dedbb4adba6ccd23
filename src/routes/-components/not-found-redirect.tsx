import { Navigate, useRouteContext } from '@tanstack/react-router'
import { fallbackPath } from './route-guard'

/** Unknown addresses are not shown: the visitor lands on login or the dashboard instead. */
export function NotFoundRedirect() {
  const { auth } = useRouteContext({ from: '__root__' })
  return <Navigate to={fallbackPath(auth.hasToken())} replace />
}
