import { createRoute } from '@tanstack/react-router'
import type { ConsoleSection } from '../../section'
import { signedInRoute } from '../signed-in'
import { HomeScreen } from './home-screen'

const section: ConsoleSection = { label: 'Home', allowed: 'any' }

export const homeRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  staticData: { consoleSection: section },
  component: HomeScreen,
})
