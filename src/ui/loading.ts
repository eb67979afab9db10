/**
 * A spinner or skeleton (`role="status"` with `aria-busy`, src/ui/spinner.tsx and skeleton.tsx)
 * under `screen`: the screen still waits for its data.
 */
export const showsLoading = (screen: Element) =>
  screen.querySelector('[role="status"][aria-busy="true"]') !== null
