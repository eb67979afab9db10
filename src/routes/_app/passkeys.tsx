import { createFileRoute } from '@tanstack/react-router'
import { PasskeyList } from '../../features/auth/passkeys/passkey-list'

/** "Suas passkeys" (issue 17), from the menu: online only, like the payment screens. */
export const Route = createFileRoute('/_app/passkeys')({ component: PasskeyList })
