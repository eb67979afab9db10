/**
 * The passkey calls (issue 17), relative to the API base like contract/paths.ts, apart from it so
 * /login's first view does not carry them: only the passkey code, loaded on demand, imports
 * this. server/routes/operations.test.ts checks them with the others.
 */
export const passkeyPaths = {
  passkeyLoginOptions: '/client/passkey/login-options',
  passkeyLogin: '/client/passkey/login',
  passkeyRegisterOptions: '/client/passkey/register-options',
  passkeyRegister: '/client/passkey/register',
  passkeys: '/client/passkeys',
  passkey: (passkeyId: string) => `/client/passkeys/${encodeURIComponent(passkeyId)}`,
} as const
