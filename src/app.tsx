import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query'
import { type AnyRouter, RouterProvider } from '@tanstack/react-router'
import { type ComponentType, useEffect, useState } from 'react'
import { setSessionExpiredHandler } from './api/client'
import { createQueryClient } from './api/query-client'
import { releaseCardSnapshotView } from './offline/card-snapshot'
import { useRestoredQueries } from './offline/persist'
import { createAppRouter } from './router'
import { afterPaint } from './ui/after-paint'
import { focusHeadingAfterNavigation } from './ui/route-focus'
import { showSessionExpired } from './ui/session-expired'
import { Toaster } from './ui/toaster'

export type AppParts = ReturnType<typeof createApp>

/** The query client and the router, with the app's wiring; made before the first render. */
export function createApp() {
  const queryClient = createQueryClient()
  const router = createAppRouter(queryClient)
  // Registered before the first navigation: the root guard may already find an expired token.
  setSessionExpiredHandler(() =>
    showSessionExpired(async () => {
      // Loaded when a session ends: the login screen's first view does not carry the logout.
      const { signOut } = await import('./offline/sign-out')
      await signOut(queryClient, { keepPendingSaves: true })
      void router.navigate({ to: '/login' })
    }),
  )
  // Loaded once the first view has painted: it delivers nothing without a session, and its first
  // round waits for the service worker anyway.
  afterPaint(() => {
    void import('./offline/outbox-listener').then(({ startOutbox }) => startOutbox(queryClient))
    // The copies of /home and /search for the next start (decision 021): nothing to do before.
    void import('./offline/screen-snapshots').then(({ keepScreenSnapshots }) =>
      keepScreenSnapshots(),
    )
  })
  releaseCardSnapshotView(router)
  focusHeadingAfterNavigation(router)
  return { queryClient, router }
}

/**
 * The install prompt (spec §4), loaded once the first view has painted: /login's first view does
 * not carry it (~0.8 KiB), and the offer it shows waits in the entry meanwhile (src/main.tsx
 * catches it). Not rendered on the server: there is no offer there, and a lazy part would
 * render as a fallback.
 */
function LaterInstallPrompt({ router }: { router: AnyRouter }) {
  const [Prompt, setPrompt] = useState<ComponentType<{ router: AnyRouter }> | null>(null)
  useEffect(
    () =>
      afterPaint(() => {
        void import('./features/install/components/install-prompt').then(({ InstallPrompt }) =>
          setPrompt(() => InstallPrompt),
        )
      }),
    [],
  )
  return Prompt ? <Prompt router={router} /> : null
}

/** The whole app; the server renders it too (src/entry-server.tsx), with its own parts. */
export function App({
  parts: { queryClient, router },
}: {
  parts: Pick<AppParts, 'queryClient' | 'router'>
}) {
  const isRestoring = useRestoredQueries(queryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={isRestoring}>
        <RouterProvider router={router} />
        <Toaster />
        <LaterInstallPrompt router={router} />
      </IsRestoringProvider>
    </QueryClientProvider>
  )
}
