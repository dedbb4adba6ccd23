/**
 * A backup or restore refused before it wrote anything, with the reason for the operator. Kept
 * apart from the commands' work so the ops channel's module graph loads no pg driver with them
 * (docs/decisions/084).
 */
export class BackupRefusal extends Error {}

export class RestoreRefusal extends Error {}
