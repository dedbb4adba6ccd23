import { useSyncExternalStore } from 'react'
import { clampToastDuration } from './toast-durations'
import type { Tone } from './tone'

export interface ToastInput {
  type: Tone
  message: string
  /** Milliseconds; clamped to 2–15 s, 5 s when omitted. */
  duration?: number
}

export interface ToastItem {
  id: number
  type: Tone
  message: string
  duration: number
}

type Listener = () => void

let items: readonly ToastItem[] = []
let nextId = 1
const listeners = new Set<Listener>()

function publish(next: readonly ToastItem[]) {
  items = next
  for (const listener of listeners) listener()
}

/** Shows a toast from anywhere (components, route code, machine actions). Returns its id. */
export function toast({ type, message, duration }: ToastInput): number {
  const id = nextId++
  publish([...items, { id, type, message, duration: clampToastDuration(duration) }])
  return id
}

export function dismissToast(id: number): void {
  publish(items.filter((item) => item.id !== id))
}

function subscribe(listener: Listener) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

const snapshot = () => items

/** The toasts currently showing, oldest first. */
export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}
