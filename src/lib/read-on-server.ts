import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * Route options for a public screen the server renders (decision 020): in the server's build, a
 * loader that reads the screen's data (by the `code` in its URL) before it renders; in the
 * browser's build, nothing, and the screen reads its data itself as it always has (the page's
 * answer, taken over). `options` imports the screen's query options, so they stay in its chunk.
 */
export function readOnServer<Data, Key extends QueryKey>(
  options: (code: string) => Promise<FetchQueryOptions<Data, Error, Data, Key>>,
) {
  if (!import.meta.env.SSR) return {}
  return {
    loaderDeps: ({ search }: { search: { code?: string } }) => ({ code: search.code }),
    loader: async ({
      context,
      deps: { code },
    }: {
      context: { queryClient: QueryClient }
      deps: { code?: string }
    }) => {
      if (!code) return
      // Kept until the render has read it, whatever the screen keeps it for afterwards.
      await context.queryClient.prefetchQuery({ ...(await options(code)), gcTime: 60_000 })
    },
  }
}
