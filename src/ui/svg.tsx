import type { ReactNode } from 'react'

/** Inline icons (no icon font: nothing extra to download or precache). */
export type IconProps = { size?: number }

/** Decorative: every icon sits next to a text or inside a labelled button. */
export const Svg = ({ size, children }: { size: number; children: ReactNode }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
)
