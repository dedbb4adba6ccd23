import { saveFile } from '#ui/save-file'
import { useDocumentTitle } from '#ui/use-document-title'
import { useConsoleNavigate } from '../../navigation'
import type { ConsoleRouter } from '../../router'
import { figuresCsv, figuresCsvName } from './figures-csv'
import { FiguresView } from './figures-view'
import { figuresRoute } from './route'

/** The bank's daily figures (docs/decisions/076): the chosen day and period are the address's. */
export function FiguresScreen() {
  const figures = figuresRoute.useLoaderData<ConsoleRouter>()
  const navigate = useConsoleNavigate()
  useDocumentTitle('Daily figures')
  return (
    <FiguresView
      figures={figures}
      today={new Date().toISOString().slice(0, 10)}
      onChoose={({ day, days }) => navigate({ to: '/figures', search: { day, days } })}
      onDownload={() =>
        saveFile(
          new Blob([figuresCsv(figures)], { type: 'text/csv;charset=utf-8' }),
          figuresCsvName(figures),
        )
      }
    />
  )
}
