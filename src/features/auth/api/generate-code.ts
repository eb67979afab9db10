import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../api/client'
import { type GenerateCodeRequest, messageResponse } from '../../../api/schemas'

export const generateCode = (body: GenerateCodeRequest) =>
  apiRequest('/client/generate-code', { method: 'POST', body, schema: messageResponse })

export const useGenerateCode = () => useMutation({ mutationFn: generateCode })
