import { createRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import * as v from 'valibot'
import { figurePeriods } from '#api/contract/staff'
import { figureDay } from '#api/contract/staff/figures'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import { allowOnly, type ConsoleSection } from '../../section'
import { signedInRoute } from '../signed-in'

const section: ConsoleSection = { label: 'Figures', allowed: ['payments', 'auditor', 'admin'] }

const figuresAddress = v.object({
  day: v.fallback(v.optional(figureDay), undefined),
  days: v.fallback(v.optional(v.picklist(figurePeriods.map(Number))), undefined),
})

/**
 * The bank's daily figures (issue 18, docs/decisions/076). The screen, its chart and the chart
 * library load with this page only, not with the console's first load.
 */
export const figuresRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'figures',
  staticData: { consoleSection: section },
  validateSearch: figuresAddress,
  beforeLoad: allowOnly(section),
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) =>
    answerOrThrow(
      await staffCall('figures', {
        day: deps.day,
        days: deps.days ? String(deps.days) : undefined,
      }),
    ),
  // React's lazy, not the router's lazyRouteComponent: that one, from the portal's `app` chunk,
  // made the chunk export one more name, which every portal page would load.
  component: lazy(() =>
    import('./figures-screen').then((screen) => ({ default: screen.FiguresScreen })),
  ),
})
