import type { TokenizedCard } from '../../../../contract/tokenizer'

/** A card as the gateway's own entry took it: the token our server charges, never the number. */
export type TakenCard = {
  card_token: string
  card: Partial<TokenizedCard> & Pick<TokenizedCard, 'brand' | 'last_four' | 'holder' | 'expiry'>
  /** MM */
  month: string
  /** YYYY */
  year: string
}

/**
 * What the card tab asks of its card fields, whichever gateway takes the card: the first
 * problem of spec §5 in its order (checked before anything leaves the device), then the card
 * handed to the gateway's entry.
 */
export interface CardFieldsHandle {
  problem(): string | null
  take(billing: { email: string | undefined }): Promise<TakenCard>
}
