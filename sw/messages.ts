/** Messages from the page-side bridge (src/offline/sw-bridge.ts). */
export type PageMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'REPLAY_OUTBOX' }
  | { type: 'CLEAR_OUTBOX' }

export function setupMessages(scope: ServiceWorkerGlobalScope) {
  scope.addEventListener('message', (event) => {
    const data = event.data as PageMessage | undefined
    // A new version waits until the person says "Atualizar": never a silent swap mid-payment.
    if (data?.type === 'SKIP_WAITING') void scope.skipWaiting()
  })
}
