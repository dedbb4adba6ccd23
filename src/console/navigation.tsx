import {
  Link,
  type LinkComponentProps,
  type NavigateOptions,
  type RedirectOptions,
  redirect,
  useNavigate,
} from '@tanstack/react-router'
import type { ConsoleRouter } from './router'

/**
 * The router's Link, redirect and navigate typed by the console's route tree. The portal's
 * router is the one registered with TanStack Router (src/router.ts), so its plain exports
 * check addresses against the portal's routes; the console's code uses these instead, and a
 * route's own hooks with the console's router named: `route.useSearch<ConsoleRouter>()`.
 */
export function ConsoleLink<const TTo extends string | undefined = undefined>(
  props: LinkComponentProps<'a', ConsoleRouter, string, TTo>,
) {
  return <Link {...(props as LinkComponentProps<'a'>)} />
}

export function consoleRedirect<const TTo extends string | undefined>(
  options: RedirectOptions<ConsoleRouter, string, TTo>,
) {
  return redirect(options as RedirectOptions)
}

export type ConsoleNavigate = <const TTo extends string | undefined>(
  options: NavigateOptions<ConsoleRouter, string, TTo>,
) => Promise<void>

export const useConsoleNavigate = () => useNavigate() as unknown as ConsoleNavigate

/** Navigation outside React (the console's entry, when a session ends). */
export const navigateWith =
  (router: ConsoleRouter): ConsoleNavigate =>
  (options) =>
    router.navigate(options as NavigateOptions)
