/**
 * POST generate-code. No React Query here: /login's first view calls it plainly, so it does not
 * carry useMutation (tests/size/budgets.test.ts); the verify screen's resend uses the hook in
 * use-generate-code.ts.
 */
import type * as v from 'valibot'
import { generateCodeRequest } from '../../../../contract/auth'
import { messageResponse } from '../../../../contract/http'
import { apiPaths } from '../../../../contract/paths'
import { apiRequest, checked } from '../../../api/client'

export const generateCode = (body: v.InferInput<typeof generateCodeRequest>) =>
  apiRequest(apiPaths.generateCode, {
    method: 'POST',
    body: checked(generateCodeRequest, body),
    schema: messageResponse,
  })
