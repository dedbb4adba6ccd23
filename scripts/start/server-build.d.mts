/** Types of server-build.mjs, for the TypeScript that uses it (benches, tests). */
export const serverDist: string
export function serverNeedsBuild(): boolean
export function buildServer(): Promise<string>
