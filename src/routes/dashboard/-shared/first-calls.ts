/**
 * The calls the signed-in area's loader makes on entering it (statement.ts). The boot script
 * sends them before the app's code has loaded (src/api/early-calls.ts), so this module imports
 * nothing: it is part of the boot chunk. Without the contract, the boot script sends each by
 * its wire marker, written here beside the call's name (test/ui/early-calls.test.ts checks the
 * two against the contract).
 */
export const signedInFirstCalls = [
  { name: 'dashboard', wire: 'getstatement' },
  { name: 'hasTransferPin', wire: 'pincheck' },
] as const
