import { useMutation } from '@tanstack/react-query'
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

export const useGenerateCode = () => useMutation({ mutationFn: generateCode })
