/**
 * A prerendered page (login, signup) can be typed into before the app has hydrated it (060
 * loads the app after the first paint). A form sent in that time would post, and the server
 * answers a post with the page again, losing what was typed; and a field the app controls would
 * keep its typed text on screen while the app holds its rendered value. Instead the entry holds
 * the submit, and once the form's component has hydrated the form (`useHeldSubmit`) the typed
 * values are handed to the app as input and the held submit is sent again. Only the forms of the
 * prerendered HTML are held, each until its component has claimed it.
 */
const prerenderedForms = new WeakSet<HTMLFormElement>()
const claimed = new WeakSet<HTMLFormElement>()
const held = new Map<HTMLFormElement, HTMLElement | null>()

/** From the entry, on a prerendered page: holds its forms' submits until they are claimed. */
export function holdPrerenderedSubmits(root: HTMLElement) {
  for (const form of root.querySelectorAll('form')) prerenderedForms.add(form)
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target
      if (!(form instanceof HTMLFormElement) || !prerenderedForms.has(form) || claimed.has(form))
        return
      event.preventDefault()
      held.set(form, (event as SubmitEvent).submitter)
    },
    { capture: true },
  )
}

/**
 * Each field whose state differs from what the page was rendered with (its default) was changed
 * by the visitor: it is set back to the default through the element's own setter (which the app's
 * change tracking sees) and to the typed state through the platform's (which it does not), then
 * the input is announced as typing or clicking would, so the app takes the typed state.
 */
function handTypedValuesToApp(form: HTMLFormElement) {
  for (const field of form.elements) {
    if (
      field instanceof HTMLInputElement &&
      (field.type === 'checkbox' || field.type === 'radio')
    ) {
      if (field.checked === field.defaultChecked) continue
      field.checked = field.defaultChecked
      field.click()
    } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      if (field.value === field.defaultValue) continue
      const typed = field.value
      field.value = field.defaultValue
      const prototype = Object.getPrototypeOf(field) as HTMLInputElement
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed)
      field.dispatchEvent(new Event('input', { bubbles: true }))
    }
  }
}

/** From the form's component, once it is mounted: the form's input and submits are the app's. */
export function claimForm(form: HTMLFormElement) {
  if (claimed.has(form)) return
  claimed.add(form)
  if (prerenderedForms.has(form)) handTypedValuesToApp(form)
  if (!held.has(form)) return
  const submitter = held.get(form)
  held.delete(form)
  // A submitter the app has since replaced is no longer the form's: send without it.
  if (submitter?.isConnected && form.contains(submitter)) form.requestSubmit(submitter)
  else form.requestSubmit()
}
