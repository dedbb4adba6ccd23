import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
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
  component: lazyRouteComponent(() => import('./figures-screen'), 'FiguresScreen'),
})
