import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../api/client'
import { type LoginRequest, loginResponse } from '../../../api/schemas'

export const login = (body: LoginRequest) =>
  apiRequest('/client/login', { method: 'POST', body, schema: loginResponse })

export const useLogin = () => useMutation({ mutationFn: login })
