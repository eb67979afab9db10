/** Login by one-time code (spec §7 generate-code-login and login). */
import * as v from 'valibot'
import { emailField, otpCodeField, requestObject } from './http'

export const deliveryChannels = ['email', 'cellphone'] as const
export type DeliveryChannel = (typeof deliveryChannels)[number]

export const generateCodeRequest = requestObject({
  email: emailField,
  send_to: v.picklist(deliveryChannels, 'Escolha receber o código por e-mail ou WhatsApp.'),
})
export type GenerateCodeRequest = v.InferOutput<typeof generateCodeRequest>

export const loginRequest = requestObject({
  email: emailField,
  code: otpCodeField,
})
export type LoginRequest = v.InferOutput<typeof loginRequest>

export const loginResponse = v.object({ token: v.pipe(v.string(), v.nonEmpty()) })
export type LoginResponse = v.InferOutput<typeof loginResponse>
