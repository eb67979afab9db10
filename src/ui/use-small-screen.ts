import { useSyncExternalStore } from 'react'

/** A phone's screen: the width below which every screen's CSS lays out for one thumb. */
export const smallScreen = '(max-width: 599px)'

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(smallScreen)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** Whether the screen is a phone's, kept true as the window turns or resizes. */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(smallScreen).matches,
    () => false,
  )
}
