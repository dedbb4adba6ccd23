import { type ReactNode, useState } from 'react'
import { Button } from '#ui/button'
import * as styles from './document-viewer.css'

/** A stored upload as the console's calls name it (src/api/contract/staff/work-fields.ts). */
export interface ViewedFile {
  url: string
  content_type: string
  size: number
}

const zoomSteps = [0.5, 0.75, 1, 1.5, 2, 3] as const
const normalZoom = 2

/**
 * A KYC document, a photo or a proof of payment, for the person deciding on it: a picture can
 * be zoomed and turned (a phone's photo of an ID is often sideways); a PDF shows in a frame
 * (its answer's CSP sandbox lets it run nothing) and opens in a tab of its own. The server sends each file no-store
 * and sandboxed, and writes every load to the audit log (docs/decisions/069).
 */
export function DocumentViewer({ file, title }: { file: ViewedFile; title: string }) {
  const [zoom, setZoom] = useState(normalZoom)
  const [turns, setTurns] = useState(0)
  const isPdf = file.content_type === 'application/pdf'
  return (
    <figure className={styles.viewer}>
      <figcaption className={styles.caption}>
        {title} ({Math.max(1, Math.round(file.size / 1024))} KB)
      </figcaption>
      {!isPdf && (
        <div className={styles.tools}>
          <Button
            variant="secondary"
            onClick={() => setZoom((step) => Math.max(0, step - 1))}
            disabled={zoom === 0}
          >
            Zoom out
          </Button>
          <Button
            variant="secondary"
            onClick={() => setZoom((step) => Math.min(zoomSteps.length - 1, step + 1))}
            disabled={zoom === zoomSteps.length - 1}
          >
            Zoom in
          </Button>
          <Button variant="secondary" onClick={() => setTurns((turn) => (turn + 1) % 4)}>
            Turn right
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setZoom(normalZoom)
              setTurns(0)
            }}
          >
            Reset
          </Button>
        </div>
      )}
      <div className={styles.stage}>
        {isPdf ? (
          // No sandbox attribute: Chromium shows no PDF in a sandboxed frame. The file's own
          // answer carries the sandbox (Content-Security-Policy: sandbox), so it runs nothing.
          <iframe className={styles.pdfFrame} src={file.url} title={title} />
        ) : (
          <img
            className={styles.picture}
            src={file.url}
            alt={title}
            style={{ transform: `rotate(${turns * 90}deg) scale(${zoomSteps[zoom]})` }}
          />
        )}
      </div>
      <a href={file.url} target="_blank" rel="noopener noreferrer">
        Open {title.toLowerCase()} in a new tab
      </a>
    </figure>
  )
}

/** Documents of one case side by side (a column on a narrow screen). */
export function DocumentGallery({ children }: { children: ReactNode }) {
  return <div className={styles.gallery}>{children}</div>
}
