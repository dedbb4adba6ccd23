import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The project's root directory, for the files the server reads at run time (its migrations, the
 * common passwords list, the web app's build, the compiled workers). Found from this module's own
 * place, which is one level below the root both in the sources (server/) and in the compiled
 * server (server-dist/, where scripts/start/server-build.mjs writes every file of the build
 * side by side): a path next to a module's own file would not survive bundling.
 */
export const projectRoot = fileURLToPath(new URL('..', import.meta.url))

/** A file of the project, by its path from the root. */
export const projectFile = (...segments: string[]) => path.join(projectRoot, ...segments)
