import { useMutation } from '@tanstack/react-query'
import { generateCode } from './generate-code'

/** "Reenviar código" on the verify screen. */
export const useGenerateCode = () => useMutation({ mutationFn: generateCode })
