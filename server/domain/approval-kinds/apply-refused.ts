/**
 * Why an approved decision cannot apply after all (the customer's account went on hold, the
 * person was disabled): the approval stays pending and nothing is applied.
 */
export class ApplyRefused extends Error {}

/** `apply`'s own refusals (of the item's path) as an ApplyRefused. */
export async function refusalsAs<T>(
  refusal: new (...args: never[]) => Error,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof refusal) throw new ApplyRefused(error.message)
    throw error
  }
}
