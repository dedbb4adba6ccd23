import * as Dialog from '@radix-ui/react-dialog'
import { Button } from '#ui/button'
import * as styles from '../decisions/decision-dialog.css'
import { DocumentViewer, type ViewedFile } from './document-viewer'
import * as viewerStyles from './document-viewer.css'

/** A list row's document, opened over the list in the case view's viewer (zoom, turn). */
export function DocumentDialog({
  file,
  title,
  label,
}: {
  file: ViewedFile
  title: string
  label: string
}) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="secondary" aria-label={`View ${label}`}>
          View
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.dialog} ${viewerStyles.wideDialog}`}
          aria-describedby={undefined}
        >
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <DocumentViewer file={file} title={title} />
          <div className={styles.actions}>
            <Dialog.Close asChild>
              <Button variant="secondary">Close</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
