import { type ReactNode, useId, useState } from 'react'
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
  firstFormError,
  formMessages,
  genders,
  isShown,
  lockedFields,
  toFormValues,
  toIsoDate,
  type Who,
} from '../logic/form'
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
  saving: boolean
  dependentTypes?: DependentType[]
  dependentTypeId?: string | null
  onSave: (draft: PersonDraft) => void
  onLeave: () => void
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
  const { who, person, mandatory, readOnly, saving, dependentTypes } = props
  const [values, setValues] = useState(() => toFormValues(person))
  const [locked] = useState(() => lockedFields(who, toFormValues(person)))
  const [filledByCep, setFilledByCep] = useState<Set<FieldKey>>(new Set())
  const [cepError, setCepError] = useState<string | null>(null)
  const [photo, setPhoto] = useState<string | null>(null)
  const [attachments, setAttachments] = useState<Attachment[]>(() =>
    (person?.files_attached ?? []).map((file) => ({
      id: file.id,
      name: file.name,
      content_type: file.content_type,
    })),
  )
  const [dependentTypeId, setDependentTypeId] = useState(props.dependentTypeId ?? '')
  const set = (field: FieldKey) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }))
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
    if (readOnly) return
    const problem = firstFormError(values, mandatory)
    if (problem) {
      toast.error(problem, { duration: toastDuration.validation })
      return
    }
    if (dependentTypes && !dependentTypeId) {
      toast.error(formMessages.mandatory('Tipo do dependente'), {
        duration: toastDuration.validation,
      })
      return
    }
    props.onSave({ values, photo, attachments, dependentTypeId: dependentTypeId || null })
  }

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
        {...options}
      >
        {key === 'birthdate' && values.birthdate && !toIsoDate(values.birthdate) && (
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
    <form className={styles.form} onSubmit={submit} noValidate>
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
      <fieldset className={styles.section}>
        <legend>Dados pessoais</legend>
        <div className={styles.photo}>
          <Avatar base64={photo ?? person?.image?.base_64} name={name} size={88} />
          {!readOnly && <CameraButton onCapture={setPhoto} />}
        </div>
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
              options={genders.map((gender) => ({ value: gender, label: gender }))}
            />
          )}
          {dependentTypes && (
            <SelectField
              label="Tipo do dependente"
              value={dependentTypeId}
              onChange={setDependentTypeId}
              disabled={readOnly || who === 'existingDependent'}
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
        <AttachmentList attachments={attachments} onChange={setAttachments} readOnly={readOnly} />
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
  children,
}: TextFieldProps) {
  const id = useId()
  const common = {
    id,
    className: formStyles.input,
    readOnly: disabled,
    autoComplete,
    inputMode,
    onBlur,
    name: label,
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
      {children}
    </div>
  )
}

type SelectFieldProps = {
  label: string
  value: string
  onChange: (value: string) => void
  disabled: boolean
  options: Array<{ value: string; label: string }>
}

function SelectField({ label, value, onChange, disabled, options }: SelectFieldProps) {
  const id = useId()
  return (
    <div className={formStyles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={formStyles.input}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Selecione</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
