/**
 * The paths the app's entry reads before any screen's code (the early contract read, the logout
 * beacon), apart from their declarations, which take them from here: importing a declaration
 * would pull its schemas into the first script of every page. Not shared with the worker's
 * queued-paths.ts: a module both import reshapes the whole chunk graph (+3.6 KiB on /login).
 */
export const barePaths = {
  getContract: '/client/contract/{id}',
  logout: '/client/logout',
} as const
