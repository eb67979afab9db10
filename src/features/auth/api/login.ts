import { useMutation } from '@tanstack/react-query'
import type * as v from 'valibot'
import { loginRequest, loginResponse } from '../../../../contract/auth'
import { apiPaths } from '../../../../contract/paths'
import { apiRequest, checked } from '../../../api/client'

export const login = (body: v.InferInput<typeof loginRequest>) =>
  apiRequest(apiPaths.login, {
    method: 'POST',
    body: checked(loginRequest, body),
    schema: loginResponse,
  })

export const useLogin = () => useMutation({ mutationFn: login })
