/**
 * POST generate-code. No React Query here: /login's first view calls it plainly, so it does not
 * carry useMutation (tests/size/budgets.test.ts); the verify screen's resend uses the hook in
 * use-generate-code.ts.
 */
import { generateCode as generateCodeOperation } from '../../../../contract/api/access'
import { type CallInput, call } from '../../../api/call'

export const generateCode = (body: CallInput<typeof generateCodeOperation>['body']) =>
  call(generateCodeOperation, { body })
