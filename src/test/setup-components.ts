import { cleanup } from '@testing-library/react'
// biome-ignore lint/style/noRestrictedImports: the tests clear sonner's toasts; the app never imports it here
import { toast } from 'sonner'
import { afterEach, beforeEach, vi } from 'vitest'

// Each test starts from an empty page: what one rendered never answers another's queries.
// Sonner keeps its toasts in a module-wide store and hands them to the next toaster that mounts:
// dismissed, they stay with the test that raised them.
afterEach(() => {
  cleanup()
  toast.dismiss()
  vi.unstubAllGlobals()
})

// No test reaches a real network: one that needs an answer stubs fetch with it.
beforeEach(() => {
  vi.stubGlobal('fetch', () =>
    Promise.reject(new TypeError('A component test asked the network without stubbing fetch')),
  )
})
