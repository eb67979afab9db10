import type { StripeConstructor } from '@stripe/stripe-js'

/** Said when Stripe.js cannot be loaded: its card fields are the only way a card goes in. */
export const stripeJsFailure =
  'Não foi possível carregar o formulário seguro do cartão. Verifique a conexão e tente novamente.'

const loading = new Map<string, Promise<StripeConstructor>>()

/**
 * Stripe.js from the address the server names (decision 016), loaded once per page and only on
 * the card tab: the card's number and CVC are typed into Stripe's own fields and go from them to
 * Stripe, never to this app or its server. Not bundled and not precached: Stripe requires it to
 * be loaded from its own address, and a payment is online only anyway.
 */
export function loadStripeJs(url: string): Promise<StripeConstructor> {
  const known = loading.get(url)
  if (known) return known
  const loaded = new Promise<StripeConstructor>((resolve, reject) => {
    const ready = () => {
      const stripeJs = (window as { Stripe?: StripeConstructor }).Stripe
      if (stripeJs) resolve(stripeJs)
      else reject(new Error(stripeJsFailure))
    }
    if ((window as { Stripe?: StripeConstructor }).Stripe) return ready()
    const script = document.createElement('script')
    script.src = url
    script.async = true
    script.addEventListener('load', ready)
    script.addEventListener('error', () => {
      // A later visit to the card tab tries again.
      loading.delete(url)
      script.remove()
      reject(new Error(stripeJsFailure))
    })
    document.head.append(script)
  })
  loading.set(url, loaded)
  return loaded
}
