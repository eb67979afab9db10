import { cleanup } from '@testing-library/react'
// biome-ignore lint/style/noRestrictedImports: the tests clear sonner's toasts; the app never imports it here
import { toast } from 'sonner'
import { afterEach } from 'vitest'

// Each test starts from an empty page: what one rendered never answers another's queries.
// Sonner keeps its toasts in a module-wide store and hands them to the next toaster that mounts:
// dismissed, they stay with the test that raised them.
afterEach(() => {
  cleanup()
  toast.dismiss()
})
