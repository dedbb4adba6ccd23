import { TextField } from '#ui/text-field'

/** The maker's note to the person who approves the change (the contract takes 500 characters). */
export function NoteField({ label = 'Why (for the second person)' }: { label?: string }) {
  return <TextField label={label} name="note" maxLength={500} autoComplete="off" />
}
