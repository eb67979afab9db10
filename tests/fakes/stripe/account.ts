/** What the endpoints work on: the account's objects, its webhook endpoint, where it answers. */
import type { Store } from './store'
import type { Webhooks } from './webhooks'

export interface Account {
  store: Store
  webhooks: Webhooks
  /** http://127.0.0.1:PORT, for the URLs inside objects (boleto vouchers). */
  baseUrl: string
}
