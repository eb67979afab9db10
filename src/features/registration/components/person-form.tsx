import { useBlocker } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import type { DependentType, Person } from '../../../../contract/contracts'
import { genders } from '../../../../contract/registration'
import { addressLine } from '../../../lib/address'
import { formatMasked, type MaskSpec, masks } from '../../../lib/masks'
import type { OutboxRow } from '../../../offline/db'
import { Avatar } from '../../../ui/avatar'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/dialog'
import formStyles from '../../../ui/form.module.css'
import { SelectField, TextField } from '../../../ui/form-fields'
import { CheckIcon } from '../../../ui/icons'
import { SupportContact } from '../../../ui/support-contact'
import { toast, toastDuration } from '../../../ui/toast'
import { CepNetworkError, lookupCep } from '../api/cep'
import { conflictMessages } from '../api/save'
import { applyFill, type CepFill, fillFrom, fillMatches, releaseFill } from '../logic/cep-fill'
import {
  addressFields,
  type FieldKey,
  type FormValues,
  fieldLabels,
  formMessages,
  isShown,
  lockedFields,
  lockedNote,
  requiredLeft,
  sectionLeft,
  toFormValues,
  toIsoDate,
  type Who,
} from '../logic/form'
import {
  type ErrorSlot,
  errorSummary,
  type FieldErrors,
  firstError,
  formErrors,
} from '../logic/validate'
import { type Attachment, AttachmentList } from './attachments'
import { CameraButton } from './camera'
import styles from './person-form.module.css'

export type PersonDraft = {
  values: FormValues
  photo: string | null
  attachments: Attachment[]
  dependentTypeId: string | null
  /**
   * The version (updated_at) the form was filled from: a save carries it, so a change made
   * meanwhile elsewhere (another device, or another tab of this browser) answers 409 instead of
   * being overwritten. Absent: the version the device has now.
   */
  version?: string
}

type Props = {
  /** updated_at of the data shown: newer data replaces the form only while it has no edits. */
  version: string
  who: Who
  person: Person | null
  mandatory: Record<string, boolean>
  readOnly: boolean
  /** 'pendente': a save waits in the outbox for a connection. */
  pending?: boolean
  /** A save the server refused ('não enviado'): the form opens with it, to correct or discard. */
  unsent?: { draft: PersonDraft; message: string; onDiscard: () => void }
  /** Edits kept through a reload (a conflict the person chose to resolve with their own). */
  draft?: PersonDraft | null
  /** The last save lost to a newer version (409): reload the server's data, or keep the edits. */
  conflict?: { reload: () => void; keepMine: () => void } | null
  saving: boolean
  dependentTypes?: DependentType[]
  dependentTypeId?: string | null
  /**
   * A dependent's form: the holder's person, so "Mesmo endereço do titular" fills the address
   * in one tap (issue 27); absent on the holder's own form.
   */
  holder?: Person | null
  onSave: (draft: PersonDraft) => void
  onLeave: () => void
}

/** The form's side of a refused save kept on the device (src/offline/outbox.ts). */
export function unsentDraft(row: OutboxRow | undefined, onDiscard: () => void): Props['unsent'] {
  if (row?.state !== 'refused') return undefined
  return { draft: row.draft, message: row.message ?? '', onDiscard }
}

const fieldMasks: Partial<Record<FieldKey, MaskSpec>> = {
  birthdate: masks.date,
  cpf: masks.cpf,
  cep: masks.cep,
  number_ddi: masks.ddi,
  phone: masks.phone,
}

/** Read-only data as the field would show it: digits in their mask, a date as typed. */
const readOnlyText = (key: FieldKey, value: string) => {
  const mask = fieldMasks[key]
  return mask && key !== 'birthdate' ? formatMasked(value, mask) : value
}

/** A masked field is changed when its digits are: a stored '1133334444' shows formatted. */
const comparable = (key: FieldKey, value: string) =>
  fieldMasks[key] ? value.replace(/\D/g, '') : value

const cepMessages = { notFound: 'CEP não encontrado', failed: 'Erro ao buscar CEP' } as const

/** 'Cancelar' with changes on screen asks first (the header's 'Sair' is the logout). */
export const discardQuestion = {
  title: 'Descartar as alterações?',
  text: 'O que você mudou neste formulário ainda não foi salvo.',
  confirm: 'Descartar',
  cancel: 'Continuar editando',
} as const

/**
 * On a desktop the contact and the address are laid on twelve columns, each field as wide as
 * what it takes (issue 27): UF, DDI, CEP and Número narrow, Rua and E-mail wide, a row read as
 * the address is said. On a phone every field keeps its row (or its pair).
 */
const cells: Partial<Record<FieldKey, string>> = {
  email: styles.span7,
  number_ddi: styles.span2,
  phone: styles.span3,
  cep: styles.span3,
  street: styles.span9,
  number: styles.span3,
  complement: styles.span4,
  neighborhood: styles.span5,
  city: styles.span6,
  state: styles.span2,
  country: styles.span4,
}

/**
 * Spec §2 screens 9–10: the holder's and the dependents' registration form. Newer data (a
 * refresh, a save from another tab sharing this device's database) opens the form afresh while
 * it has no edits; with edits it stays as the person left it, and its save, made on the
 * version it was filled from, meets the server's 409.
 */
export function PersonForm(props: Props) {
  const [changed, setChanged] = useState(false)
  const [version, setVersion] = useState(props.version)
  if (!changed && version !== props.version) setVersion(props.version)
  return <FormBody key={version} {...props} version={version} onChanged={setChanged} />
}

function FormBody(props: Props & { onChanged: (changed: boolean) => void }) {
  const { who, person, mandatory, readOnly, saving, dependentTypes, unsent, conflict } = props
  // "Mesmo endereço do titular": ticked while every address field is the holder's; unticking
  // gives back what was there before.
  const [holderAddress] = useState(() => {
    if (!props.holder) return null
    const theirs = toFormValues(props.holder)
    return addressFields.some((key) => theirs[key].trim() !== '') ? theirs : null
  })
  const [initial] = useState(() => ({
    values: opening(props)?.values ?? startingValues(who, person, holderAddress),
    photo: opening(props)?.photo ?? null,
    attachments:
      opening(props)?.attachments ??
      (person?.files_attached ?? []).map((file) => ({
        id: file.id,
        name: file.name,
        content_type: file.content_type,
      })),
    dependentTypeId: opening(props)?.dependentTypeId ?? props.dependentTypeId ?? '',
  }))
  const [values, setValues] = useState(initial.values)
  const [locked] = useState(() => lockedFields(who, toFormValues(person)))
  const [cepFill, setCepFill] = useState<CepFill | null>(null)
  const [cepError, setCepError] = useState<string | null>(null)
  const beforeSame = useRef<Partial<FormValues> | null>(null)
  const [photo, setPhoto] = useState<string | null>(initial.photo)
  const [attachments, setAttachments] = useState<Attachment[]>(initial.attachments)
  const [dependentTypeId, setDependentTypeId] = useState(initial.dependentTypeId)
  // Compared by reference where content is large (photo and files in base64).
  const changed =
    photo !== initial.photo ||
    attachments !== initial.attachments ||
    dependentTypeId !== initial.dependentTypeId ||
    (Object.keys(values) as FieldKey[]).some(
      (key) => comparable(key, values[key]) !== comparable(key, initial.values[key]),
    )
  const { onChanged } = props
  useEffect(() => onChanged(changed), [changed, onChanged])
  // Every way out of a form with changes asks first: Cancelar, the back arrow, the navigation.
  // A save leaves without asking (what it carries is kept until the server answers).
  const saved = useRef(false)
  const leaving = useBlocker({
    shouldBlockFn: () => changed && !props.readOnly && !saved.current,
    enableBeforeUnload: false,
    withResolver: true,
  })
  // A save the server refused on a newer version leaves the edits on screen: ask again.
  useEffect(() => {
    if (conflict) saved.current = false
  }, [conflict])
  // The CEP in the field now: a lookup that answers after it changed is not applied.
  const currentCep = useRef(values.cep)
  currentCep.current = values.cep
  const [errors, setErrors] = useState<FieldErrors>({})
  const [triedToSave, setTriedToSave] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const progressId = useId()
  const lockedNoteId = useId()
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
  // Spec §5: address fields filled by the lookup are read-only, while they belong to the CEP
  // in the field.
  const disabled = (field: FieldKey) =>
    readOnly || locked.has(field) || (cepFill !== null && field in cepFill.values)

  // Ticked at the start when the address is the holder's (a new dependent starts there); then
  // only by the box: typing the same address by hand leaves the fields open.
  const [sameAsHolder, setSameAsHolder] = useState(
    () =>
      holderAddress !== null &&
      addressFields.every(
        (key) => comparable(key, initial.values[key]) === comparable(key, holderAddress[key]),
      ),
  )
  function toggleSameAddress(same: boolean) {
    if (!holderAddress) return
    setSameAsHolder(same)
    if (same) {
      beforeSame.current = Object.fromEntries(addressFields.map((key) => [key, values[key]]))
      setValues((current) => ({
        ...current,
        ...Object.fromEntries(addressFields.map((key) => [key, holderAddress[key]])),
      }))
      setCepFill(null)
      setCepError(null)
      for (const key of addressFields) clearError(key)
    } else {
      // What was there before the tick; opened ticked, the fields empty (the country's
      // default kept) for another address.
      const before = beforeSame.current ?? toFormValues(null)
      beforeSame.current = null
      setValues((current) => ({
        ...current,
        ...Object.fromEntries(addressFields.map((key) => [key, before[key] ?? ''])),
      }))
    }
  }

  function onCepChange(cep: string) {
    set('cep')(cep)
    if (cep.replace(/\D/g, '') !== values.cep.replace(/\D/g, '')) setCepError(null)
    // Another CEP: the address the last lookup wrote is no longer this one's.
    if (cepFill && !fillMatches(cepFill, cep)) {
      setValues((current) => releaseFill({ ...current, cep }, cepFill))
      setCepFill(null)
    }
  }

  async function onCepBlur() {
    const cep = values.cep.replace(/\D/g, '')
    if (cep.length !== 8 || readOnly || fillMatches(cepFill, cep)) return
    setCepError(null)
    try {
      const address = await lookupCep(cep)
      if (currentCep.current.replace(/\D/g, '') !== cep) return
      if (!address) {
        setCepError(cepMessages.notFound)
        return
      }
      const fill = fillFrom(cep, address)
      const previous = cepFill
      setValues((current) => applyFill(current, previous, fill))
      setCepFill(fill)
    } catch (error) {
      if (error instanceof CepNetworkError)
        toast.error(cepMessages.failed, { duration: toastDuration.error })
    }
  }

  function submit(event: React.FormEvent) {
    event.preventDefault()
    if (readOnly || saving) return
    const draft = {
      values,
      photo,
      attachments,
      dependentTypeId: dependentTypeId || null,
      version: props.version,
    }
    // Everything at once, with the server's own rules: a save it would refuse never queues.
    const found = formErrors(draft, mandatory, { needsType: dependentTypes !== undefined })
    setErrors(found)
    setTriedToSave(true)
    const first = firstError(found)
    if (first) {
      // The spec's message for the first field; how many there are in all is said once, by the
      // summary at the top of the form, and each field says its own under it.
      toast.error(first.message, { duration: toastDuration.validation })
      setFocusFirstError((count) => count + 1)
      return
    }
    saved.current = true
    props.onSave(draft)
  }
  // A value typed wrong is said as the field is left (a CPF that does not check, an e-mail
  // without its @), by the rules Salvar uses; an empty field waits for Salvar (audit 8).
  function checkOnLeave(key: FieldKey) {
    if (readOnly || values[key].trim() === '') return
    const draft = { values, photo, attachments, dependentTypeId: dependentTypeId || null }
    const message = formErrors(draft, mandatory, { needsType: dependentTypes !== undefined })[key]
    if (message && !message.startsWith(mandatoryPrefix))
      setErrors((current) => ({ ...current, [key]: message }))
  }
  // Said once: the field's own label names it, so under it a missing value is "Campo
  // obrigatório."; the toast keeps the spec's sentence with the label (issue 27).
  const errorOf = (slot: ErrorSlot) => {
    const message = errors[slot]
    return message?.startsWith(mandatoryPrefix) ? requiredShort : message
  }
  // What is left of the required fields the contract asks for, in all and per section: a count
  // of what is done counted what the form opened with (the country, the holder's address).
  const required = (keys: FieldKey[]) =>
    keys.filter((key) => shown(key) && mandatory[key] && !disabled(key))
  const filled = (keys: FieldKey[]) => keys.filter((key) => values[key].trim() !== '').length
  // The dependent's type is required too (when it can still be chosen): counted with the rest,
  // so the progress and the error summary add up to the same number.
  const typeAsked = dependentTypes !== undefined && who !== 'existingDependent' ? 1 : 0
  const typeDone = typeAsked && dependentTypeId ? 1 : 0
  const progress = (keys: FieldKey[], withType = false) => {
    const asked = required(keys).length + (withType ? typeAsked : 0)
    const left = asked - filled(required(keys)) - (withType ? typeDone : 0)
    return left === 0 || readOnly ? null : sectionLeft(left)
  }

  const field = (
    key: FieldKey,
    options: { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'email' | 'tel' } = {},
  ) =>
    shown(key) &&
    (readOnly ? (
      <ReadOnlyValue
        key={key}
        label={fieldLabels[key]}
        value={readOnlyText(key, values[key])}
        className={cells[key]}
      />
    ) : (
      <TextField
        key={key}
        label={fieldLabels[key]}
        value={values[key]}
        onChange={key === 'cep' ? onCepChange : set(key)}
        readOnly={disabled(key)}
        placeholder={disabled(key) ? undefined : fieldPlaceholders[key]}
        describedById={locked.has(key) ? lockedNoteId : undefined}
        mask={fieldMasks[key]}
        onBlur={(event) => {
          // Left for Salvar: its check covers every field, and a message appearing now would
          // move the button from under the finger between its press and its release.
          const toSave =
            event.relatedTarget instanceof HTMLButtonElement &&
            event.relatedTarget.type === 'submit'
          if (!toSave) checkOnLeave(key)
          if (key === 'cep') void onCepBlur()
        }}
        error={errorOf(key)}
        className={cells[key]}
        required={required([key]).length > 0}
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
    ))

  const name = `${values.first_name} ${values.last_name}`.trim() || 'Novo dependente'
  const lockedShown = [...locked].filter(shown)
  const showContact = shown('email')
  const showAddress = shown('cep')

  const allFields = required(Object.keys(values) as FieldKey[])
  const requiredCount = allFields.length + typeAsked
  const done = filled(allFields) + typeDone
  const left = requiredCount - done
  // The bar measures what the person has to fill, not what the form opened with (the +55, the
  // country, the holder's address): the required fields empty at the start, and any emptied
  // since; each one filled moves it, and it is full exactly when nothing is left (audit).
  const blank = (value: string) => value.trim() === ''
  const toFill =
    (Object.keys(values) as FieldKey[]).filter(
      (key) =>
        shown(key) &&
        mandatory[key] &&
        !locked.has(key) &&
        (blank(initial.values[key]) || blank(values[key])),
    ).length + (typeAsked && (!initial.dependentTypeId || !dependentTypeId) ? 1 : 0)

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      {!readOnly && requiredCount > 0 && (
        <div className={styles.progress}>
          <p id={progressId} className={left === 0 ? styles.complete : undefined}>
            {left === 0 && <CheckIcon size={16} />}
            {requiredLeft(left)}
          </p>
          <p className={styles.requiredKey} aria-hidden="true">
            <span className={formStyles.requiredSign}>*</span> obrigatório
          </p>
          {/* A form that opened complete has nothing to measure: the sentence says so, with no
              bar; one that opened with fields to fill keeps its bar, full once they are. */}
          {toFill > 0 && (
            <progress aria-labelledby={progressId} max={toFill} value={toFill - left} />
          )}
        </div>
      )}
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
      {conflict && (
        <div className={`${styles.banner} ${styles.unsent}`} role="alert">
          <p>
            <strong>{conflictMessages.title}</strong> {conflictMessages.text}
          </p>
          <div className={styles.choices}>
            <Button variant="secondary" onClick={conflict.reload}>
              {conflictMessages.reload}
            </Button>
            <Button
              onClick={() => {
                saved.current = true
                conflict.keepMine()
              }}
            >
              {conflictMessages.keep}
            </Button>
          </div>
        </div>
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
      {/* The count is Salvar's answer; a field left wrong says so under itself only. */}
      {triedToSave && <ErrorSummary errors={errors} form={formRef} />}
      <fieldset className={styles.section} data-section="personal">
        <Legend
          title="Dados pessoais"
          progress={progress(
            [
              'first_name',
              'last_name',
              'birthdate',
              'gender',
              'rg',
              'cpf',
              'passport',
              'birth_certificate',
            ],
            true,
          )}
        />
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
          {shown('gender') && readOnly && (
            <ReadOnlyValue label={fieldLabels.gender} value={values.gender} />
          )}
          {shown('gender') && !readOnly && (
            <SelectField
              label={fieldLabels.gender}
              value={values.gender}
              onChange={set('gender')}
              disabled={readOnly}
              error={errorOf('gender')}
              required={required(['gender']).length > 0}
              placeholder="Selecione"
              options={genders.map((gender) => ({ value: gender, label: gender }))}
            />
          )}
          {dependentTypes && readOnly && (
            <ReadOnlyValue
              label="Tipo do dependente"
              value={dependentTypes.find((type) => type.id === dependentTypeId)?.name ?? ''}
            />
          )}
          {dependentTypes && !readOnly && (
            <SelectField
              label="Tipo do dependente"
              value={dependentTypeId}
              onChange={(value) => {
                setDependentTypeId(value)
                clearError('dependent_type')
              }}
              disabled={readOnly || who === 'existingDependent'}
              required={typeAsked > 0}
              error={errorOf('dependent_type')}
              placeholder="Selecione"
              options={dependentTypes.map((type) => ({ value: type.id, label: type.name }))}
            />
          )}
          {field('rg')}
          {field('cpf', { inputMode: 'numeric' })}
          {field('passport')}
          {field('birth_certificate')}
        </div>
        {!readOnly && !identityFields.some(shown) && (
          <p className={styles.hint}>{formMessages.identificationHint}</p>
        )}
        {!readOnly && lockedShown.length > 0 && (
          <p id={lockedNoteId} className={styles.lockedNote}>
            {lockedNote(lockedShown.map((key) => fieldLabels[key]))} Para corrigir, fale com{' '}
            <SupportContact />.
          </p>
        )}
      </fieldset>

      <fieldset className={styles.section} data-section="documents">
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
        <fieldset className={styles.section} data-section="contact">
          <Legend title="Contato" progress={progress(['email', 'number_ddi', 'phone'])} />
          <div className={`${styles.grid} ${styles.measured}`}>
            {field('email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
            <div className={`${styles.pair} ${styles.phone}`}>
              {field('number_ddi', { inputMode: 'tel' })}
              {field('phone', { inputMode: 'tel', autoComplete: 'tel-national' })}
            </div>
          </div>
        </fieldset>
      )}

      {showAddress && (
        <fieldset className={styles.section} data-section="address">
          <Legend title="Endereço" progress={progress([...addressFields])} />
          {holderAddress && !readOnly && (
            <label className={styles.sameAddress}>
              <input
                type="checkbox"
                checked={sameAsHolder}
                onChange={(event) => toggleSameAddress(event.target.checked)}
              />
              Mesmo endereço do titular
            </label>
          )}
          {/* The holder's address, ticked: one summary, not seven fields to read (audit 8). A
              field the save found wrong opens them again. */}
          {sameAsHolder && !readOnly && !addressFields.some((key) => errors[key]) ? (
            <p className={styles.addressSummary}>{addressLine(values)}</p>
          ) : (
            <div className={`${styles.grid} ${styles.measured}`}>
              {field('cep', { inputMode: 'numeric', autoComplete: 'postal-code' })}
              {field('street', { autoComplete: 'address-line1' })}
              <div className={styles.pair}>
                {field('number')}
                {field('complement', { autoComplete: 'address-line2' })}
              </div>
              {field('neighborhood')}
              <div className={`${styles.pair} ${styles.cityState}`}>
                {field('city', { autoComplete: 'address-level2' })}
                {field('state', { autoComplete: 'address-level1' })}
              </div>
              {field('country', { autoComplete: 'country-name' })}
            </div>
          )}
        </fieldset>
      )}

      {readOnly ? (
        // Nothing here can change, so nothing to cancel or save: one way back (issue 27).
        <div className={styles.actions}>
          <Button variant="secondary" className={styles.wideAction} onClick={props.onLeave}>
            Voltar
          </Button>
        </div>
      ) : (
        <div className={`${styles.actions} ${styles.sticky}`}>
          <Button variant="secondary" onClick={props.onLeave}>
            Cancelar
          </Button>
          <Button type="submit" busy={saving}>
            Salvar
          </Button>
        </div>
      )}
      {leaving.status === 'blocked' && (
        <ConfirmDialog {...discardQuestion} onConfirm={leaving.proceed} onCancel={leaving.reset} />
      )}
    </form>
  )
}

/**
 * What the form opens with: the stored person's values; a new dependent starts at the holder's
 * address (most live with the holder), "Mesmo endereço do titular" ticked (audit 8).
 */
function startingValues(who: Who, person: Person | null, holderAddress: FormValues | null) {
  const values = toFormValues(person)
  if (who !== 'newDependent' || !holderAddress) return values
  return {
    ...values,
    ...Object.fromEntries(addressFields.map((key) => [key, holderAddress[key]])),
  }
}

/** What a masked field takes, shown while it is empty (issue 27). */
const fieldPlaceholders: Partial<Record<FieldKey, string>> = {
  birthdate: 'DD/MM/AAAA',
  cpf: '000.000.000-00',
  cep: '00000-000',
  phone: '(00) 00000-0000',
}

/** When none of these is on the form, the hint says which kind of document to attach. */
const identityFields: FieldKey[] = ['rg', 'cpf', 'passport', 'birth_certificate']

const mandatoryPrefix = 'Preencha o campo obrigatório:'
const requiredShort = 'Campo obrigatório.'

const sections = [
  { id: 'personal', title: 'Dados pessoais' },
  { id: 'documents', title: 'Documentos' },
  { id: 'contact', title: 'Contato' },
  { id: 'address', title: 'Endereço' },
] as const

const sectionOf = (slot: ErrorSlot): (typeof sections)[number]['id'] | null =>
  slot === 'form'
    ? null
    : slot === 'attachments'
      ? 'documents'
      : slot === 'email' || slot === 'number_ddi' || slot === 'phone'
        ? 'contact'
        : (addressFields as readonly string[]).includes(slot)
          ? 'address'
          : 'personal'

/**
 * After a save that could not go, at the top of the form: how many fields need the person and
 * in which sections, each a link to its first one (issue 27). It shrinks as they are fixed.
 */
function ErrorSummary({
  errors,
  form,
}: {
  errors: FieldErrors
  form: React.RefObject<HTMLFormElement | null>
}) {
  const slots = (Object.keys(errors) as ErrorSlot[]).filter((slot) => sectionOf(slot) !== null)
  if (slots.length === 0) return null
  const counted = sections
    .map((section) => ({
      ...section,
      count: slots.filter((slot) => sectionOf(slot) === section.id).length,
    }))
    .filter((section) => section.count > 0)
  const goTo = (id: string) =>
    form.current
      ?.querySelector<HTMLElement>(`[data-section="${id}"] [aria-invalid="true"]`)
      ?.focus()
  return (
    <div className={styles.errorSummary}>
      <p>
        <strong>{errorSummary(slots.length)}</strong>
      </p>
      <ul>
        {counted.map((section) => (
          <li key={section.id}>
            <button type="button" className={styles.errorLink} onClick={() => goTo(section.id)}>
              {section.title}
            </button>{' '}
            ({section.count})
          </li>
        ))}
      </ul>
    </div>
  )
}

/** A section's title, with how many of its required fields are still empty ("faltam 3 campos"). */
function Legend({ title, progress }: { title: string; progress: string | null }) {
  return (
    <legend>
      {title}
      {progress && <span className={styles.sectionProgress}> · {progress}</span>}
    </legend>
  )
}

/** A field the person cannot change now (the form is read-only): its value as text. */
function ReadOnlyValue({
  label,
  value,
  className,
}: {
  label: string
  value: string
  /** Its cell on the desktop's twelve columns, as the field's (DDI beside Telefone). */
  className?: string
}) {
  return (
    <div className={className ? `${styles.readOnly} ${className}` : styles.readOnly}>
      <span>{label}</span>
      <span className={styles.readValue}>{value.trim() || '—'}</span>
    </div>
  )
}

/** What the form opens with instead of the stored person: a refused save, or kept edits. */
const opening = (props: Props): PersonDraft | null | undefined => props.unsent?.draft ?? props.draft
