import { isPageMessage } from '../contract/worker-messages'

export function setupMessages(scope: ServiceWorkerGlobalScope) {
  scope.addEventListener('message', (event) => {
    const data: unknown = event.data
    // A new version waits until the person says "Atualizar": never a silent swap mid-payment.
    if (isPageMessage(data) && data.type === 'SKIP_WAITING') void scope.skipWaiting()
  })
}
