/** The portal's mark; the provider's line of business is deliberately not shown (spec §1). */
export function Logo({
  size = 56,
  title = 'Portal do Titular',
}: {
  size?: number
  title?: string
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : 'presentation'}
      aria-label={title || undefined}
      aria-hidden={title ? undefined : true}
    >
      <rect width="64" height="64" rx="16" fill="#0b4fa8" />
      <path
        d="M18 44V20h16a10 10 0 0 1 0 20H26"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="46" cy="46" r="5" fill="#7fb2ff" />
    </svg>
  )
}
