/// <reference lib="webworker" />
// The service worker entry only wires events; each concern lives in its own module.
import type { PrecacheEntry } from 'workbox-precaching'
import { buildInfo } from './build-info'
import { setupFirstUse } from './first-use'
import { setupMessages } from './messages'
import { setupNavigation } from './navigation'
import { setupOutbox } from './outbox'
import { setupPrecache } from './precache'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> }

setupPrecache(self.__WB_MANIFEST)
const keepForVisit = setupFirstUse(self, buildInfo)
setupOutbox(self, buildInfo.apiBase)
setupNavigation(buildInfo, keepForVisit)
setupMessages(self)
