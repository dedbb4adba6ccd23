/** The three tones a message can have: the alert box, toasts and badges draw each its own way. */
export type NoticeTone = 'success' | 'error' | 'warning'

/** What a flow shows the customer about what just happened: one type for every machine. */
export interface Notice {
  tone: NoticeTone
  message: string
}

export const successNotice = (message: string): Notice => ({ tone: 'success', message })
export const errorNotice = (message: string): Notice => ({ tone: 'error', message })
export const warningNotice = (message: string): Notice => ({ tone: 'warning', message })
