import type { ErrorComponentProps } from '@tanstack/react-router'
import { useRouter } from '@tanstack/react-router'
import { AlertBox } from '#ui/alert-box'
import { Button } from '#ui/button'
import { CenteredPage } from '#ui/centered-page'
import { useDocumentTitle } from '#ui/use-document-title'

/** What a screen that failed to load or draw shows: the reason and "Try again". */
export function ConsoleError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  useDocumentTitle('Something went wrong')
  return (
    <CenteredPage>
      <h1>Something went wrong</h1>
      <AlertBox
        display
        type="error"
        msg={error instanceof Error ? error.message : 'This page could not be shown.'}
      >
        <Button
          onClick={() => {
            reset()
            void router.invalidate()
          }}
        >
          Try again
        </Button>
      </AlertBox>
    </CenteredPage>
  )
}
