import { useMutation } from '@tanstack/react-query'
import { login as loginOperation } from '../../../../contract/api/access'
import { type CallInput, call } from '../../../api/call'

export const login = (body: CallInput<typeof loginOperation>['body']) =>
  call(loginOperation, { body })

export const useLogin = () => useMutation({ mutationFn: login })
