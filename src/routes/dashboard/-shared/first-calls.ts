/**
 * The calls the signed-in area's loader makes on entering it (statement.ts). The boot script
 * sends them before the app's code has loaded (src/api/early-calls.ts), so this module imports
 * nothing: it is part of the boot chunk.
 */
export const signedInFirstCalls = ['getstatement', 'pincheck'] as const
