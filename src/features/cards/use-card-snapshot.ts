import { useEffect, useLayoutEffect } from 'react'
import { dropCardSnapshotView, saveCardSnapshot } from '../../offline/card-snapshot'
import type { StoredCard } from '../../offline/db'
import { screenMarkup } from '../../offline/screen-markup'

/**
 * The card screen as static markup: what React rendered, minus transient parts, sanitized.
 * Only same-origin links and data: images survive; ids and references to them go, since the
 * copy sits next to the live page and is never interacted with.
 */
export const cardScreenMarkup = (root: HTMLElement) => screenMarkup(root, 'inert')

/**
 * Keeps the card screen's snapshot (see contract/worker-messages.ts): the worker paints it
 * on the next cold start, before the app has booted. The first frame of this screen already has
 * the cards (the loader read them), so the painted copy can go as soon as it is committed.
 */
export function useCardSnapshot(contractId: string, cards: StoredCard[] | undefined) {
  useLayoutEffect(dropCardSnapshotView, [])
  // After the frame is painted (an effect, not a layout effect): the copy never delays the gate.
  useEffect(() => {
    const root = document.getElementById('root')
    if (cards && root) void saveCardSnapshot({ contractId, html: cardScreenMarkup(root) })
  }, [contractId, cards])
}
