import type { Brand } from '../contract/brand'

/** What the screens show of the provider's brand (brand.json, issue 28). */
export interface AppBrand {
  /** The app's name: the header, the login's logo. */
  productName: string
  /** The provider's name: the controller of the holder's data. */
  name: string
  /** Its CNPJ's 14 digits, when the brand says it: the payment page names who charges. */
  cnpj: string | null
  /** The primary colour, for documents opened outside the app's CSS (the terms). */
  primary: string
  support: Brand['support']
  links: Brand['links']
}

declare const __BRAND__: AppBrand

/**
 * Who the portal speaks for: its name, the provider's name and how its holders reach a person.
 * One place for the screens to read it. The values are the brand file's, put here by the build
 * (scripts/brand-build.ts: `BRAND_FILE`, else brand.json), so no request and no module carries
 * them.
 */
export const brand: AppBrand = __BRAND__
