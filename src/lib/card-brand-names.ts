import type { CardBrand } from './card-brands'

/** How people read a card's brand (the tokenizer's names → the names on the card). */
export const cardBrandNames: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  elo: 'Elo',
  hipercard: 'Hipercard',
}

/** A brand name for any text a server sends: ours when known, else as it came. */
export const cardBrandName = (brand: string) =>
  (cardBrandNames as Record<string, string>)[brand.toLowerCase()] ?? brand
