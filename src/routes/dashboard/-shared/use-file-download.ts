import { useActorRef } from '@xstate/react'
import { type ActorRefFrom, fromPromise } from 'xstate'
import { download } from '#api/session-download'
import { fileDownloadMachine } from '#machines/file-download.machine'
import { saveFile } from '#ui/save-file'
import { useAppEffects } from '../../-components/app-effects'

/** The file-download machine's actor, which Statements and the receipt both draw from. */
export type FileDownloadActor = ActorRefFrom<typeof fileDownloadMachine>

/** Downloads a statement or receipt file and hands it to the browser. */
export function useFileDownloadActor() {
  const effects = useAppEffects()
  return useActorRef(
    fileDownloadMachine.provide({
      actors: {
        download: fromPromise(({ input }) => download(input.name, input.fields)),
      },
      actions: { ...effects, saveFile: (_, file) => saveFile(file.blob, file.filename) },
    }),
  )
}
