import { useState } from 'react'
import type { PaymentLinkData } from '../../../../contract/payments'
import { masks } from '../../../lib/masks'
import formStyles from '../../../ui/form.module.css'
import { Field, MaskedField } from '../../../ui/form-fields'
import { toast, toastDuration } from '../../../ui/toast'
import { CepNetworkError, lookupCep } from '../../registration/api/cep'
import { maskAddress } from '../logic/privacy'
import styles from './payment.module.css'

export type AddressKey = 'cep' | 'state' | 'city' | 'street' | 'number' | 'neighborhood'
export type Address = Record<AddressKey, string>

/** Labels of spec §5 (registration field labels), reused for the payment screen's address. */
export const addressLabels: Record<AddressKey, string> = {
  cep: 'CEP',
  street: 'Rua',
  number: 'Número do endereço',
  neighborhood: 'Bairro',
  city: 'Cidade',
  state: 'Estado',
}

const order: AddressKey[] = ['cep', 'street', 'number', 'neighborhood', 'city', 'state']

/** Spec §5: on the payment screen a failed lookup says 'CEP não encontrado!' as a toast. */
const cepMessages = { notFound: 'CEP não encontrado', failed: 'CEP não encontrado!' } as const

const fromLink = (link: PaymentLinkData): Address => ({
  cep: link.address_cep,
  state: link.address_state,
  city: link.address_city,
  street: link.address_street,
  number: link.address_number,
  neighborhood: link.address_neighborhood,
})

/** The first empty field when the address block is required, as the spec's mandatory toast. */
export function missingAddressField(address: Address): string | null {
  const missing = order.find((key) =>
    key === 'cep' ? address.cep.replace(/\D/g, '').length !== 8 : !address[key].trim(),
  )
  return missing ? `Preencha o campo obrigatório: ${addressLabels[missing]}` : null
}

/**
 * The address the payment screen sends, shared by the tabs: pre-filled from the link, completed
 * by the CEP lookup; a field that came filled is read-only (spec §5).
 */
export function useAddress(link: PaymentLinkData) {
  const [address, setAddress] = useState(() => fromLink(link))
  const [locked, setLocked] = useState(
    () => new Set(order.filter((key) => fromLink(link)[key].trim() !== '')),
  )
  const [cepError, setCepError] = useState<string | null>(null)

  const set = (key: AddressKey, value: string) =>
    setAddress((current) => ({ ...current, [key]: value }))

  async function lookup() {
    const cep = address.cep.replace(/\D/g, '')
    if (cep.length !== 8 || locked.has('cep')) return
    setCepError(null)
    try {
      const found = await lookupCep(cep)
      if (!found) {
        setCepError(cepMessages.notFound)
        return
      }
      const filled = (['street', 'neighborhood', 'city', 'state'] as const).filter(
        (key) => found[key].trim() !== '',
      )
      setAddress((current) => ({
        ...current,
        ...Object.fromEntries(filled.map((key) => [key, found[key]])),
      }))
      setLocked((current) => new Set([...current, ...filled]))
    } catch (error) {
      if (error instanceof CepNetworkError)
        toast.error(cepMessages.failed, { duration: toastDuration.error })
      else throw error
    }
  }

  return { address, set, locked, cepError, lookup }
}

export type AddressState = ReturnType<typeof useAddress>

/** The address block of spec §2 screen 14. */
export function AddressFields({ state }: { state: AddressState }) {
  const { address, set, locked, cepError, lookup } = state
  // Every field came filled, so none can change (spec §5): one line to read, not six locked
  // inputs (audit 8).
  if (order.every((key) => locked.has(key)))
    return (
      <fieldset className={`${styles.box} ${styles.fieldsetBox}`}>
        <legend>Endereço de cobrança</legend>
        {/* A page anyone with the link can open: the address masked as the payer's other data
            (audit 12); the boleto is issued with it whole. */}
        <p style={{ margin: 0 }}>{maskAddress(address)}</p>
      </fieldset>
    )
  return (
    <fieldset className={`${styles.box} ${styles.fieldsetBox}`}>
      <legend>Endereço de cobrança</legend>
      <div className={styles.grid}>
        <MaskedField
          label={addressLabels.cep}
          mask={masks.cep}
          autoComplete="postal-code"
          value={address.cep}
          readOnly={locked.has('cep')}
          onAccept={(value) => set('cep', value)}
          onBlur={() => void lookup()}
          note={
            cepError && (
              <p className={formStyles.message} role="alert">
                {cepError}
              </p>
            )
          }
        />
        {order
          .filter((key) => key !== 'cep')
          .map((key) => (
            <Field key={key} label={addressLabels[key]}>
              {(id) => (
                <input
                  id={id}
                  className={formStyles.input}
                  value={address[key]}
                  readOnly={locked.has(key)}
                  inputMode={key === 'number' ? 'numeric' : undefined}
                  maxLength={key === 'state' ? 2 : key === 'number' ? 7 : 120}
                  autoComplete={autoComplete[key]}
                  onChange={(event) =>
                    set(
                      key,
                      key === 'number'
                        ? event.target.value.replace(/\D/g, '')
                        : key === 'state'
                          ? event.target.value.toUpperCase()
                          : event.target.value,
                    )
                  }
                />
              )}
            </Field>
          ))}
      </div>
    </fieldset>
  )
}

const autoComplete: Partial<Record<AddressKey, string>> = {
  street: 'address-line1',
  city: 'address-level2',
  state: 'address-level1',
  neighborhood: 'address-level3',
}
