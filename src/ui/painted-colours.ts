/**
 * Each colour of `classes` as the page now paints it under `within` (the light or the dark
 * palette): a canvas cannot read CSS variables, so a hidden element styled with each class tells
 * it. The charts (the console's daily figures, the customers' Insights) read theirs with it
 * (docs/decisions/076, 086).
 */
export function paintedColours<const Names extends string>(
  within: HTMLElement,
  classes: Record<Names, string>,
): Record<Names, string> {
  const probe = document.createElement('span')
  probe.hidden = true
  within.append(probe)
  const read = (className: string) => {
    probe.className = className
    return getComputedStyle(probe).color
  }
  const colours = Object.fromEntries(
    Object.entries<string>(classes).map(([name, className]) => [name, read(className)]),
  ) as Record<Names, string>
  probe.remove()
  return colours
}
