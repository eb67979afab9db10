/**
 * The paths of the writes the app may keep on the device while there is no signal (spec §7),
 * apart from their declarations in registration.ts, which take them from here: the service
 * worker intercepts these URLs (worker-messages.ts) and carries no schema library.
 */
export const queuedPaths = {
  saveHolder: '/client/photo-holder',
  addDependent: '/client/add-dependent',
} as const
