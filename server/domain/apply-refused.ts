/**
 * A proposed change that cannot apply when it is approved, in the person's words (a debit the
 * available balance does not cover, an account on hold): the checker's transaction rolls back,
 * nothing changes and the approval stays pending (docs/decisions/073, 079).
 */
export class ApplyRefused extends Error {}
