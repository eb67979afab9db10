/**
 * A stand-in for Stripe.js v3, served by the fake Stripe at /v3/ for tests that cannot reach
 * js.stripe.com. It implements the part the portal uses with Stripe.js's API and behaviour
 * (https://docs.stripe.com/js, @stripe/stripe-js's types):
 *
 *   const stripe = Stripe(publishableKey, { locale: 'pt-BR' })
 *   const elements = stripe.elements({ locale: 'pt-BR' })
 *   const number = elements.create('cardNumber', { placeholder, style, classes, disabled })
 *   number.mount('#numero')            // also 'cardExpiry', 'cardCvc'; elements.getElement(type)
 *   number.on('change', (event) => …)  // { elementType, empty, complete, error?, brand? }
 *   const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card: number, billing_details })
 *   const { paymentIntent } = await stripe.handleNextAction({ clientSecret })
 *
 * Unlike Stripe.js, each field is a plain <input> in the page (Stripe's live in cross-origin
 * iframes), named for screen readers in Portuguese, with Stripe's pt-BR validation messages. The
 * card number stays in that input and this script, and leaves only in the POST to
 * <the fake's origin>/v1/payment_methods (with key=<publishable key>, as Stripe.js sends it).
 * No build step: plain browser JavaScript.
 */
;(() => {
  const script = document.currentScript
  /** Where this script came from is where the fake answers (directly or through a proxy). */
  const apiOrigin = new URL(script?.src ?? location.href).origin

  class IntegrationError extends Error {
    constructor(message) {
      super(message)
      this.name = 'IntegrationError'
    }
  }

  const messages = {
    incomplete_number: 'O número do cartão está incompleto.',
    invalid_number: 'O número do cartão é inválido.',
    incomplete_expiry: 'A data de validade do cartão está incompleta.',
    invalid_expiry_month: 'O mês de validade do cartão é inválido.',
    invalid_expiry_month_past: 'A data de validade do cartão já passou.',
    invalid_expiry_year: 'O ano de validade do cartão é inválido.',
    invalid_expiry_year_past: 'O ano de validade do cartão já passou.',
    incomplete_cvc: 'O código de segurança do cartão está incompleto.',
  }

  /** Brands by their number's first digits (IIN ranges), with lengths and Stripe's grouping. */
  const brands = [
    { brand: 'visa', pattern: /^4/, lengths: [16], gaps: [4, 8, 12], cvc: 3 },
    {
      brand: 'mastercard',
      pattern: /^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/,
      lengths: [16],
      gaps: [4, 8, 12],
      cvc: 3,
    },
    { brand: 'amex', pattern: /^3[47]/, lengths: [15], gaps: [4, 10], cvc: 4 },
    { brand: 'discover', pattern: /^(6011|65|64[4-9])/, lengths: [16], gaps: [4, 8, 12], cvc: 3 },
    { brand: 'diners', pattern: /^(36|38|30[0-5])/, lengths: [14], gaps: [4, 10], cvc: 3 },
    { brand: 'jcb', pattern: /^35(2[89]|[3-8])/, lengths: [16], gaps: [4, 8, 12], cvc: 3 },
    { brand: 'unionpay', pattern: /^62/, lengths: [16, 17, 18, 19], gaps: [4, 8, 12], cvc: 3 },
  ]
  const unknownBrand = { brand: 'unknown', pattern: /^/, lengths: [16], gaps: [4, 8, 12], cvc: 0 }
  const brandOf = (digits) => brands.find((entry) => entry.pattern.test(digits)) ?? unknownBrand

  function passesLuhn(digits) {
    let sum = 0
    for (let index = 0; index < digits.length; index++) {
      let digit = Number(digits[digits.length - 1 - index])
      if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
      sum += digit
    }
    return sum % 10 === 0
  }

  const validationError = (code) => ({ type: 'validation_error', code, message: messages[code] })

  /** Each field's rules: how typing is formatted, and what the digits amount to. */
  const fields = {
    cardNumber: {
      label: 'Número do cartão',
      autocomplete: 'cc-number',
      placeholder: '1234 1234 1234 1234',
      incomplete: 'incomplete_number',
      format(digits) {
        const { lengths, gaps } = brandOf(digits)
        const kept = digits.slice(0, Math.max(...lengths))
        let text = ''
        for (const [index, digit] of [...kept].entries())
          text += (gaps.includes(index) ? ' ' : '') + digit
        return { digits: kept, text }
      },
      judge(digits) {
        const { brand, lengths } = brandOf(digits)
        const full = digits.length >= Math.max(...lengths)
        const valid = lengths.includes(digits.length) && passesLuhn(digits)
        if (full && !valid) return { brand, complete: false, error: 'invalid_number' }
        return { brand, complete: valid }
      },
    },
    cardExpiry: {
      label: 'Validade (MM / AA)',
      autocomplete: 'cc-exp',
      placeholder: 'MM / AA',
      incomplete: 'incomplete_expiry',
      format(digits, deleting) {
        // A month that cannot start with its first digit gets a 0 before it: 2 → 02, 13 → 01 / 3.
        const kept = (/^([2-9]|1[3-9])/.test(digits) ? `0${digits}` : digits).slice(0, 4)
        if (kept.length < 2 || (kept.length === 2 && deleting)) return { digits: kept, text: kept }
        return { digits: kept, text: `${kept.slice(0, 2)} / ${kept.slice(2)}` }
      },
      judge(digits) {
        const month = Number(digits.slice(0, 2))
        if (digits.length >= 2 && (month < 1 || month > 12))
          return { complete: false, error: 'invalid_expiry_month' }
        if (digits.length < 4) return { complete: false }
        const year = 2000 + Number(digits.slice(2))
        const now = new Date()
        if (year < now.getFullYear()) return { complete: false, error: 'invalid_expiry_year_past' }
        if (year === now.getFullYear() && month < now.getMonth() + 1)
          return { complete: false, error: 'invalid_expiry_month_past' }
        if (year > now.getFullYear() + 50) return { complete: false, error: 'invalid_expiry_year' }
        return { complete: true }
      },
    },
    cardCvc: {
      label: 'CVC',
      autocomplete: 'cc-csc',
      placeholder: 'CVC',
      incomplete: 'incomplete_cvc',
      format(digits, _deleting, group) {
        const length = group.cvcLength() || 4
        const kept = digits.slice(0, length)
        return { digits: kept, text: kept }
      },
      judge(digits, group) {
        const length = group.cvcLength()
        return { complete: length ? digits.length === length : digits.length >= 3 }
      },
    },
  }

  const defaultClasses = {
    base: 'StripeElement',
    complete: 'StripeElement--complete',
    empty: 'StripeElement--empty',
    focus: 'StripeElement--focus',
    invalid: 'StripeElement--invalid',
  }

  class Element {
    #group
    #type
    #rules
    #options
    #handlers = new Map()
    #container = null
    #input = null
    #digits = ''
    #state = { empty: true, complete: false, error: undefined, brand: 'unknown' }
    #destroyed = false

    constructor(group, type, options = {}) {
      this.#group = group
      this.#type = type
      this.#rules = fields[type]
      this.#options = options
    }

    get digits() {
      return this.#digits
    }

    get state() {
      return { ...this.#state }
    }

    get mounted() {
      return Boolean(this.#input) && !this.#destroyed
    }

    #alive() {
      if (this.#destroyed) throw new IntegrationError('This Element has already been destroyed.')
    }

    mount(target) {
      this.#alive()
      const container = typeof target === 'string' ? document.querySelector(target) : target
      if (!(container instanceof HTMLElement))
        throw new IntegrationError(
          `The selector you specified (${target}) applies to no DOM elements that are currently on the page.`,
        )
      if (this.#input) throw new IntegrationError('This Element is already mounted.')
      const input = document.createElement('input')
      input.type = 'text'
      input.inputMode = 'numeric'
      input.autocomplete = this.#rules.autocomplete
      input.setAttribute('aria-label', this.#rules.label)
      input.spellcheck = false
      input.placeholder = this.#options.placeholder ?? this.#rules.placeholder
      input.disabled = Boolean(this.#options.disabled)
      input.value = this.#rules.format(this.#digits, false, this.#group).text
      Object.assign(input.style, {
        width: '100%',
        border: 'none',
        outline: 'none',
        padding: '0',
        background: 'transparent',
        font: 'inherit',
        ...pick(this.#options.style?.base, ['color', 'fontFamily', 'fontSize', 'lineHeight']),
      })
      input.addEventListener('input', (event) =>
        this.#typed(input.value, String(event.inputType ?? '').startsWith('delete')),
      )
      input.addEventListener('focus', () => {
        this.#classes()
        this.#emit('focus', { elementType: this.#type })
      })
      input.addEventListener('blur', () => this.#blurred())
      input.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') this.#emit('escape', { elementType: this.#type })
      })
      container.append(input)
      this.#container = container
      this.#input = input
      this.#classes()
      setTimeout(() => this.#emit('ready', { elementType: this.#type }))
    }

    #typed(text, deleting) {
      const formatted = this.#rules.format(text.replace(/\D/g, ''), deleting, this.#group)
      this.#digits = formatted.digits
      const input = this.#input
      if (input && input.value !== formatted.text) {
        const caret = input.selectionStart ?? text.length
        input.value = formatted.text
        if (document.activeElement === input)
          keepCaret(input, caret >= text.length ? undefined : text.slice(0, caret), formatted)
      }
      this.#judge(false)
      this.#emit('change', this.#changeEvent())
      if (this.#type === 'cardNumber') this.#group.brandChanged()
    }

    /** Rejudges after another field changed what this one needs (the CVC length of a brand). */
    refresh() {
      if (!this.#digits) return
      this.#judge(false)
      this.#emit('change', this.#changeEvent())
    }

    #judge(leaving) {
      const verdict = this.#rules.judge(this.#digits, this.#group)
      const empty = this.#digits.length === 0
      let error = verdict.error
      // Stripe says a field is incomplete only once the payer leaves it.
      if (!error && !empty && !verdict.complete && (leaving || this.#state.error))
        error = this.#rules.incomplete
      this.#state = {
        empty,
        complete: verdict.complete,
        error: error ? validationError(error) : undefined,
        brand: verdict.brand ?? 'unknown',
      }
      this.#input?.setAttribute('aria-invalid', String(Boolean(error)))
      this.#classes()
    }

    #blurred() {
      const before = this.#state.error?.code
      this.#judge(true)
      this.#classes()
      if (this.#state.error?.code !== before) this.#emit('change', this.#changeEvent())
      this.#emit('blur', { elementType: this.#type })
    }

    #changeEvent() {
      const { empty, complete, error, brand } = this.#state
      return {
        elementType: this.#type,
        empty,
        complete,
        error,
        ...(this.#type === 'cardNumber' ? { brand } : {}),
      }
    }

    #classes() {
      const container = this.#container
      if (!container) return
      const names = { ...defaultClasses, ...this.#options.classes }
      container.classList.add(names.base)
      container.classList.toggle(names.empty, this.#state.empty)
      container.classList.toggle(names.complete, this.#state.complete)
      container.classList.toggle(names.invalid, Boolean(this.#state.error))
      container.classList.toggle(names.focus, document.activeElement === this.#input)
    }

    #emit(type, event) {
      for (const handler of [...(this.#handlers.get(type) ?? [])]) handler(event)
    }

    on(type, handler) {
      this.#alive()
      if (!this.#handlers.has(type)) this.#handlers.set(type, [])
      this.#handlers.get(type).push(handler)
      return this
    }

    once(type, handler) {
      const wrapper = (event) => {
        this.off(type, wrapper)
        handler(event)
      }
      return this.on(type, wrapper)
    }

    off(type, handler) {
      const list = this.#handlers.get(type) ?? []
      this.#handlers.set(type, handler ? list.filter((item) => item !== handler) : [])
      return this
    }

    focus() {
      this.#input?.focus()
    }

    blur() {
      this.#input?.blur()
    }

    clear() {
      this.#alive()
      if (this.#input) this.#input.value = ''
      this.#typed('', true)
    }

    update(options) {
      this.#alive()
      this.#options = { ...this.#options, ...options }
      if (!this.#input) return
      if (options.placeholder !== undefined) this.#input.placeholder = options.placeholder
      if (options.disabled !== undefined) this.#input.disabled = Boolean(options.disabled)
    }

    unmount() {
      this.#input?.remove()
      this.#input = null
      this.#container = null
    }

    destroy() {
      this.unmount()
      this.#destroyed = true
      this.#group.forget(this.#type)
    }
  }

  /**
   * After reformatting, a caret at the end stays at the end; one inside stays after the same
   * digits it followed (as in Stripe's fields).
   */
  function keepCaret(input, before, formatted) {
    const digitsBefore =
      before === undefined ? formatted.digits.length : before.replace(/\D/g, '').length
    let position = 0
    for (let seen = 0; position < formatted.text.length && seen < digitsBefore; position++)
      if (/\d/.test(formatted.text[position])) seen++
    if (digitsBefore >= formatted.digits.length) position = formatted.text.length
    input.setSelectionRange(position, position)
  }

  const pick = (object, keys) =>
    Object.fromEntries(
      keys.filter((key) => object?.[key] !== undefined).map((key) => [key, object[key]]),
    )

  class Elements {
    #byType = new Map()

    constructor(options = {}) {
      this.options = options
    }

    create(type, options) {
      if (!fields[type])
        throw new IntegrationError(
          `The Stripe.js stand-in of the fake Stripe does not implement "${type}" Elements: only cardNumber, cardExpiry and cardCvc.`,
        )
      if (this.#byType.has(type))
        throw new IntegrationError(`Can only create one Element of type ${type}.`)
      const element = new Element(this, type, options)
      this.#byType.set(type, element)
      return element
    }

    getElement(type) {
      return this.#byType.get(type) ?? null
    }

    forget(type) {
      this.#byType.delete(type)
    }

    /** The CVC the card number's brand has (0: not known yet, 3 or 4 will do). */
    cvcLength() {
      const number = this.#byType.get('cardNumber')
      return number?.digits ? brandOf(number.digits).cvc : 0
    }

    brandChanged() {
      this.#byType.get('cardCvc')?.refresh()
    }
  }

  /** Stripe's form encoding: nested objects as a[b][c]=value. */
  function encode(form, value, name) {
    if (value === undefined || value === null) return
    if (typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) encode(form, item, `${name}[${key}]`)
      return
    }
    form.append(name, String(value))
  }

  function validationProblem(element, incomplete) {
    if (!element?.mounted) return validationError(incomplete)
    const { error, complete } = element.state
    if (error) return error
    return complete ? undefined : validationError(incomplete)
  }

  async function post(path, form) {
    try {
      const response = await fetch(`${apiOrigin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      })
      const body = await response.json()
      return response.ok ? { object: body } : { error: body.error }
    } catch (error) {
      return {
        error: {
          type: 'api_connection_error',
          message: `Sem conexão com a Stripe: ${error.message}`,
        },
      }
    }
  }

  function Stripe(publishableKey, options = {}) {
    if (typeof publishableKey !== 'string')
      throw new IntegrationError(
        `Invalid value for Stripe(): apiKey should be a string. You specified: ${typeof publishableKey}.`,
      )
    if (/^(sk|rk)_/.test(publishableKey))
      throw new IntegrationError(
        'You should not use your secret key with Stripe.js.\nPlease pass a publishable key instead.',
      )
    if (!/^pk_(test|live)_/.test(publishableKey))
      throw new IntegrationError(
        `Invalid value for Stripe(): ${publishableKey} is not a publishable key.`,
      )
    const groups = []

    return {
      locale: options.locale ?? 'auto',
      elements(elementsOptions = {}) {
        const group = new Elements(elementsOptions)
        groups.push(group)
        return group
      },
      async createPaymentMethod(data) {
        if (data?.type !== 'card')
          throw new IntegrationError(
            'The Stripe.js stand-in of the fake Stripe creates card PaymentMethods only.',
          )
        const card = data.card
        const group = groups.find((candidate) => candidate.getElement('cardNumber') === card)
        if (!group || !card.mounted)
          throw new IntegrationError(
            'We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted.',
          )
        const expiry = group.getElement('cardExpiry')
        const cvc = group.getElement('cardCvc')
        const problem =
          validationProblem(card, 'incomplete_number') ??
          validationProblem(expiry, 'incomplete_expiry') ??
          validationProblem(cvc, 'incomplete_cvc')
        if (problem) return { error: problem }
        const form = new URLSearchParams()
        encode(form, 'card', 'type')
        encode(form, card.digits, 'card[number]')
        encode(form, expiry.digits.slice(0, 2), 'card[exp_month]')
        encode(form, expiry.digits.slice(2), 'card[exp_year]')
        encode(form, cvc.digits, 'card[cvc]')
        encode(form, data.billing_details, 'billing_details')
        encode(form, data.metadata, 'metadata')
        encode(form, publishableKey, 'key')
        const answer = await post('/v1/payment_methods', form)
        return answer.error ? { error: answer.error } : { paymentMethod: answer.object }
      },
      /** 3-D Secure as if the payer pressed "Complete" in Stripe's test challenge. */
      async handleNextAction({ clientSecret } = {}) {
        if (typeof clientSecret !== 'string')
          throw new IntegrationError('handleNextAction: clientSecret must be a string.')
        const form = new URLSearchParams({ client_secret: clientSecret, key: publishableKey })
        const answer = await post('/_fake/authenticate', form)
        if (answer.error) return { error: answer.error }
        return clientSecret.startsWith('seti_')
          ? { setupIntent: answer.object }
          : { paymentIntent: answer.object }
      },
    }
  }

  window.Stripe = Stripe
})()
