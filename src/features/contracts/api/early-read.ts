import { barePaths } from '../../../../contract/api/bare-paths'
import { startEarlyGet } from '../../../api/client'
import { session } from '../../../api/session'
import { decideAccess } from '../../../lib/route-access'

/** Paths outside the contract layout: none of them reads the contract on arrival. */
const outsideLayout =
  /^\/(login|verify-code|selected-contract|terms|pagamento|success|verificar)(\/|$)/

/**
 * A cold start on a screen under the layout always reads the stored contract (the layout's
 * loader refreshes it): ask for it now, while the screen's code is still downloading, instead
 * of after it (the first screen's largest element, the holder photo, comes in that answer).
 */
export function startContractRead() {
  const contractId = session.contractId()
  const { pathname } = window.location
  if (!contractId || !navigator.onLine || outsideLayout.test(pathname)) return
  // Not logged in, or about to be redirected: nothing of the layout will load.
  if (decideAccess({ pathname, token: session.token(), now: Date.now(), online: true })) return
  // The same path as contract.ts's pathOf(getContract, …), without the contract's schemas.
  const path = barePaths.getContract.replace('{id}', encodeURIComponent(contractId))
  startEarlyGet(path, session.contractEtag(path))
}
