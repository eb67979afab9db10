import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { IMaskInput } from 'react-imask'
import type { DependentType, Person } from '../../../api/schemas'
import { Avatar } from '../../../ui/avatar'
import { Button } from '../../../ui/button'
import formStyles from '../../../ui/form.module.css'
import { toast, toastDuration } from '../../../ui/toast'
import { CepNetworkError, lookupCep } from '../api/cep'
import {
  type FieldKey,
  type FormValues,
  fieldLabels,
  formMessages,
  genders,
  isShown,
  lockedFields,
  toFormValues,
  toIsoDate,
  type Who,
} from '../logic/form'
import { type ErrorSlot, type FieldErrors, firstError, formErrors } from '../logic/validate'
import { type Attachment, AttachmentList } from './attachments'
import { CameraButton } from './camera'
import styles from './person-form.module.css'

export type PersonDraft = {
  values: FormValues
  photo: string | null
  attachments: Attachment[]
  dependentTypeId: string | null
}

type Props = {
  who: Who
  person: Person | null
  mandatory: Record<string, boolean>
  readOnly: boolean
  /** 'pendente': a save waits in the outbox for a connection. */
  pending?: boolean
  /** A save the server refused ('não enviado'): the form opens with it, to correct or discard. */
  unsent?: { draft: PersonDraft; message: string; onDiscard: () => void }
  saving: boolean
  dependentTypes?: DependentType[]
  dependentTypeId?: string | null
  onSave: (draft: PersonDraft) => void
  onLeave: () => void
}

/** The form's side of a refused save kept on the device (src/offline/outbox.ts). */
export function unsentDraft(
  row: { state: string; draft: unknown; message: string | null } | undefined,
  onDiscard: () => void,
): Props['unsent'] {
  if (row?.state !== 'refused') return undefined
  return { draft: row.draft as PersonDraft, message: row.message ?? '', onDiscard }
}

const masks: Partial<Record<FieldKey, string>> = {
  birthdate: '00/00/0000',
  cpf: '000.000.000-00',
  cep: '00000-000',
  number_ddi: '+0000',
  phone: '(00) 00000-0000',
}

const cepMessages = { notFound: 'CEP não encontrado', failed: 'Erro ao buscar CEP' } as const

/** Spec §2 screens 9–10: the holder's and the dependents' registration form. */
export function PersonForm(props: Props) {
  const { who, person, mandatory, readOnly, saving, dependentTypes, unsent } = props
  const [values, setValues] = useState(() => unsent?.draft.values ?? toFormValues(person))
  const [locked] = useState(() => lockedFields(who, toFormValues(person)))
  const [filledByCep, setFilledByCep] = useState<Set<FieldKey>>(new Set())
  const [cepError, setCepError] = useState<string | null>(null)
  const [photo, setPhoto] = useState<string | null>(() => unsent?.draft.photo ?? null)
  const [attachments, setAttachments] = useState<Attachment[]>(
    () =>
      unsent?.draft.attachments ??
      (person?.files_attached ?? []).map((file) => ({
        id: file.id,
        name: file.name,
        content_type: file.content_type,
      })),
  )
  const [dependentTypeId, setDependentTypeId] = useState(
    unsent?.draft.dependentTypeId ?? props.dependentTypeId ?? '',
  )
  const [errors, setErrors] = useState<FieldErrors>({})
  const formRef = useRef<HTMLFormElement>(null)
  const [focusFirstError, setFocusFirstError] = useState(0)
  useEffect(() => {
    if (focusFirstError)
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusFirstError])
  const clearError = (slot: ErrorSlot) =>
    setErrors((current) => {
      if (!current[slot]) return current
      const { [slot]: _, ...rest } = current
      return rest
    })
  const set = (field: FieldKey) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    clearError(field)
  }
  const shown = (field: FieldKey) => isShown(field, mandatory)
  const disabled = (field: FieldKey) => readOnly || locked.has(field) || filledByCep.has(field)

  async function onCepBlur() {
    const cep = values.cep.replace(/\D/g, '')
    if (cep.length !== 8 || readOnly) return
    setCepError(null)
    try {
      const address = await lookupCep(cep)
      if (!address) {
        setCepError(cepMessages.notFound)
        return
      }
      const filled = Object.entries(address).filter(([, value]) => value) as Array<
        [FieldKey, string]
      >
      setValues((current) => ({ ...current, ...Object.fromEntries(filled) }))
      // Spec §5: address fields filled by the lookup are read-only once filled.
      setFilledByCep(new Set(filled.map(([key]) => key)))
    } catch (error) {
      if (error instanceof CepNetworkError)
        toast.error(cepMessages.failed, { duration: toastDuration.error })
    }
  }

  function submit(event: React.FormEvent) {
    event.preventDefault()
    if (readOnly || saving) return
    const draft = { values, photo, attachments, dependentTypeId: dependentTypeId || null }
    // Everything at once, with the server's own rules: a save it would refuse never queues.
    const found = formErrors(draft, mandatory, { needsType: dependentTypes !== undefined })
    setErrors(found)
    const first = firstError(found)
    if (first) {
      toast.error(first.message, { duration: toastDuration.validation })
      setFocusFirstError((count) => count + 1)
      return
    }
    props.onSave(draft)
  }
  const errorOf = (slot: ErrorSlot) => errors[slot]

  const field = (
    key: FieldKey,
    options: { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'email' | 'tel' } = {},
  ) =>
    shown(key) && (
      <TextField
        key={key}
        label={fieldLabels[key]}
        value={values[key]}
        onChange={set(key)}
        disabled={disabled(key)}
        mask={masks[key]}
        onBlur={key === 'cep' ? () => void onCepBlur() : undefined}
        error={errorOf(key)}
        {...options}
      >
        {key === 'birthdate' &&
          values.birthdate &&
          !toIsoDate(values.birthdate) &&
          !errorOf('birthdate') && (
            <p className={formStyles.message}>{formMessages.birthDateRule}</p>
          )}
        {key === 'cep' && cepError && (
          <p className={formStyles.message} role="alert">
            {cepError}
          </p>
        )}
      </TextField>
    )

  const name = `${values.first_name} ${values.last_name}`.trim() || 'Novo dependente'
  const showContact = shown('email')
  const showAddress = shown('cep')

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      {readOnly && (
        <p className={styles.banner} role="status">
          Cadastro em análise: os dados não podem ser alterados agora.
        </p>
      )}
      {props.pending && (
        <p className={`${styles.banner} ${styles.pending}`} role="status">
          pendente — a alteração será enviada quando houver conexão.
        </p>
      )}
      {unsent && (
        <div className={`${styles.banner} ${styles.unsent}`} role="alert">
          <p>
            não enviado — o servidor recusou esta alteração: {unsent.message} Corrija e salve de
            novo, ou descarte para voltar aos dados salvos.
          </p>
          <Button variant="secondary" onClick={unsent.onDiscard}>
            Descartar alteração
          </Button>
        </div>
      )}
      <fieldset className={styles.section}>
        <legend>Dados pessoais</legend>
        <div className={styles.photo}>
          <Avatar base64={photo ?? person?.image?.base_64} name={name} size={88} />
          {!readOnly && (
            <CameraButton
              onCapture={(captured) => {
                setPhoto(captured)
                clearError('photo')
              }}
            />
          )}
        </div>
        {errorOf('photo') && (
          <p className={formStyles.message} role="alert">
            {errorOf('photo')}
          </p>
        )}
        <div className={styles.grid}>
          {field('first_name', { autoComplete: 'given-name' })}
          {field('last_name', { autoComplete: 'family-name' })}
          {field('birthdate', { inputMode: 'numeric', autoComplete: 'bday' })}
          {shown('gender') && (
            <SelectField
              label={fieldLabels.gender}
              value={values.gender}
              onChange={set('gender')}
              disabled={readOnly}
              error={errorOf('gender')}
              options={genders.map((gender) => ({ value: gender, label: gender }))}
            />
          )}
          {dependentTypes && (
            <SelectField
              label="Tipo do dependente"
              value={dependentTypeId}
              onChange={(value) => {
                setDependentTypeId(value)
                clearError('dependent_type')
              }}
              disabled={readOnly || who === 'existingDependent'}
              error={errorOf('dependent_type')}
              options={dependentTypes.map((type) => ({ value: type.id, label: type.name }))}
            />
          )}
          {field('rg')}
          {field('cpf', { inputMode: 'numeric' })}
          {field('passport')}
          {field('birth_certificate')}
        </div>
        <p className={styles.hint}>{formMessages.identificationHint}</p>
      </fieldset>

      <fieldset className={styles.section}>
        <legend>Documentos</legend>
        <AttachmentList
          attachments={attachments}
          onChange={(next) => {
            setAttachments(next)
            clearError('attachments')
          }}
          readOnly={readOnly}
        />
        {errorOf('attachments') && (
          <p className={formStyles.message} role="alert">
            {errorOf('attachments')}
          </p>
        )}
      </fieldset>

      {showContact && (
        <fieldset className={styles.section}>
          <legend>Contato</legend>
          <div className={styles.grid}>
            {field('email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
            {field('number_ddi', { inputMode: 'tel' })}
            {field('phone', { inputMode: 'tel', autoComplete: 'tel-national' })}
          </div>
        </fieldset>
      )}

      {showAddress && (
        <fieldset className={styles.section}>
          <legend>Endereço</legend>
          <div className={styles.grid}>
            {field('cep', { inputMode: 'numeric', autoComplete: 'postal-code' })}
            {field('state', { autoComplete: 'address-level1' })}
            {field('city', { autoComplete: 'address-level2' })}
            {field('country', { autoComplete: 'country-name' })}
            {field('street', { autoComplete: 'address-line1' })}
            {field('neighborhood')}
            {field('number')}
            {field('complement', { autoComplete: 'address-line2' })}
          </div>
        </fieldset>
      )}

      <div className={styles.actions}>
        <Button variant="secondary" onClick={props.onLeave}>
          Sair
        </Button>
        <Button type="submit" busy={saving} disabled={readOnly}>
          Salvar
        </Button>
      </div>
    </form>
  )
}

type TextFieldProps = {
  label: string
  value: string
  onChange: (value: string) => void
  disabled: boolean
  mask?: string
  type?: string
  autoComplete?: string
  inputMode?: 'numeric' | 'email' | 'tel'
  onBlur?: () => void
  /** The field's problem, said under it (and to screen readers through aria-describedby). */
  error?: string
  children?: ReactNode
}

function TextField({
  label,
  value,
  onChange,
  disabled,
  mask,
  type = 'text',
  autoComplete,
  inputMode,
  onBlur,
  error,
  children,
}: TextFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const common = {
    id,
    className: formStyles.input,
    readOnly: disabled,
    autoComplete,
    inputMode,
    onBlur,
    name: label,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  }
  return (
    <div className={formStyles.field}>
      <label htmlFor={id}>{label}</label>
      {mask ? (
        <IMaskInput
          {...common}
          mask={mask}
          value={value}
          unmask={false}
          onAccept={(accepted: string) => onChange(accepted)}
        />
      ) : (
        <input
          {...common}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error && (
        <p id={errorId} className={formStyles.message}>
          {error}
        </p>
      )}
      {children}
    </div>
  )
}

type SelectFieldProps = {
  label: string
  value: string
  onChange: (value: string) => void
  disabled: boolean
  error?: string
  options: Array<{ value: string; label: string }>
}

function SelectField({ label, value, onChange, disabled, error, options }: SelectFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={formStyles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={formStyles.input}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Selecione</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className={formStyles.message}>
          {error}
        </p>
      )}
    </div>
  )
}
