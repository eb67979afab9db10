import { brand } from '../brand'

/**
 * The provider's mark: the brand's logo (brand.json), which the build puts at /icons/icon.svg
 * and the service worker precaches. An image rather than inline SVG, so a provider's logo of any
 * size costs the JavaScript nothing. The provider's line of business is not shown (spec §1).
 */
export function Logo({ size = 56, title = brand.productName }: { size?: number; title?: string }) {
  return <img src="/icons/icon.svg" width={size} height={size} alt={title} />
}
