let presented: Promise<void> | undefined

/**
 * Settles once the page's first contentful paint has been presented (the paint entry is
 * reported after it; a frame's callback comes before it), and stays settled. A hidden tab paints
 * nothing: there it settles at once, or as soon as the tab is hidden. Where the browser reports
 * no paints, after the next frame.
 */
export function firstPaintPresented(): Promise<void> {
  presented ??= new Promise<void>((resolve) => {
    const settle = () => setTimeout(resolve, 0)
    if (document.visibilityState === 'hidden') return resolve()
    document.addEventListener('visibilitychange', () => resolve(), { once: true })
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint')
    )
      return void requestAnimationFrame(settle)
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return
      observer.disconnect()
      settle()
    }).observe({ type: 'paint', buffered: true })
  })
  return presented
}

/** Runs `work` once the first contentful paint has been presented (see firstPaintPresented). */
export function afterFirstPaint(work: () => void) {
  void firstPaintPresented().then(work)
}

/**
 * Loads the modules a prerendered page names (its app and route files), each with an `import()`
 * of its own, a few per task: starting a module's fetch costs about a millisecond of main-thread
 * work on a slow phone, too much for one task when a page names a dozen. Each module is then
 * evaluated as soon as it and its imports are there, not all in the one task of the app's
 * import. A module that fails here is left to the app's own import, which reports it.
 */
export async function importNamedModules(root: HTMLElement, perTask = 4) {
  const hrefs = root.dataset.preload?.split(' ').filter(Boolean) ?? []
  for (let first = 0; first < hrefs.length; first += perTask) {
    if (first > 0) await new Promise((resolve) => setTimeout(resolve, 0))
    for (const href of hrefs.slice(first, first + perTask))
      import(/* @vite-ignore */ href).catch(() => {})
  }
}
