import { createFileRoute, redirect } from '@tanstack/react-router'

// The empty path is Home (spec §2); the root guard already sent visitors without a session away.
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/home', replace: true })
  },
})
