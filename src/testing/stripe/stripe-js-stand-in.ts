// The one Stripe.js fake: `Stripe(publishableKey)` for the browser, talking to Stripe's API at
// `apiBase` — the Stripe emulator that served it, or (web tests, `npm run dev:mock`) msw's Stripe
// handlers. It covers what our checkout uses — `elements().create('card')` and `confirmCardPayment`
// — with Stripe.js's shapes, plus the functions react-stripe-js checks for.
// Served by the emulator at /v3/stripe.js, bundled from `stripe-js-script.ts` (what it imports
// comes along); the web tests and dev:mock import it as a module.
import type {
  PaymentIntentResult,
  StripeCardElementChangeEvent,
  StripeCardElementOptions,
  StripeError,
} from '@stripe/stripe-js';
import {
  cardBrand,
  cardNumberLength,
  cvcLength,
  digitsOnly,
  fullYear,
  isExpired,
  passesLuhn,
  validationMessages,
  type CardBrand,
} from '@contract/stripe-test-cards';

type Handler = (payload?: unknown) => void;
type CardFieldName = 'number' | 'expiry' | 'cvc' | 'postalCode';
type ValidationError = { type: 'validation_error'; code: string; message: string };
type StyleSet = { [property: string]: string | StyleSet | undefined };
type CardOptions = StripeCardElementOptions;
type BillingDetails = {
  name?: string;
  email?: string;
  phone?: string;
  address?: Record<string, string | undefined>;
};

/** Stripe's default text style for Elements. */
const defaultStyle = { color: '#32325d', fontSize: '16px', placeholderColor: '#aab7c4' };

let elementCount = 0;

/**
 * Defines `window.Stripe` (what js.stripe.com's script does), for the API at `apiBase`. Called
 * only by the emulator's script (stripe-js-script.ts).
 */
export function installStripeStandIn(target: Window & typeof globalThis, apiBase: string) {
  Reflect.set(target, 'Stripe', stripeStandIn(target, apiBase));
}

/** The `Stripe` function of Stripe.js, talking to the API at `apiBase` (no trailing slash). */
export function stripeStandIn(target: Window & typeof globalThis, apiBase: string) {
  const document = target.document;

  function integrationError(message: string): Error {
    const error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  /** One card Element: inputs rendered straight into the mount node (Stripe uses an iframe). */
  class CardElement {
    private readonly handlers = new Map<string, Set<Handler>>();
    private readonly id = (elementCount += 1);
    private options: CardOptions;
    private mountNode: HTMLElement | null = null;
    private container: HTMLElement | null = null;
    private styleSheet: HTMLStyleElement | null = null;
    private resizeObserver: ResizeObserver | null = null;
    private inputs: Partial<Record<CardFieldName, HTMLInputElement>> = {};
    private readonly values: Record<CardFieldName, string> = {
      number: '',
      expiry: '',
      cvc: '',
      postalCode: '',
    };
    /** Fields the user has left: an incomplete value there shows an error, as Stripe does. */
    private readonly left = new Set<CardFieldName>();
    private focused = false;
    destroyed = false;

    constructor(
      options: CardOptions | undefined,
      private readonly onDestroy: () => void,
    ) {
      this.options = { ...options };
      if (options?.value?.postalCode) this.values.postalCode = options.value.postalCode;
    }

    mount(domElement: string | HTMLElement): void {
      if (this.destroyed)
        throw integrationError('This Element has already been destroyed. Please create a new one.');
      const node =
        typeof domElement === 'string'
          ? document.querySelector<HTMLElement>(domElement)
          : domElement;
      if (!node)
        throw integrationError(
          `The selector you specified (${String(domElement)}) applies to no DOM elements that are currently on the page.`,
        );
      if (this.mountNode) this.unmount();
      this.mountNode = node;
      this.render();
      // Stripe.js says 'ready' once its iframe has loaded, never synchronously inside mount().
      target.setTimeout(() => this.emit('ready', { elementType: 'card' }), 10);
    }

    unmount(): void {
      this.resizeObserver?.disconnect();
      this.resizeObserver = null;
      this.container?.remove();
      this.styleSheet?.remove();
      this.mountNode?.classList.remove(...this.stateClasses(true));
      this.container = null;
      this.styleSheet = null;
      this.mountNode = null;
      this.inputs = {};
    }

    destroy(): void {
      this.unmount();
      this.destroyed = true;
      this.handlers.clear();
      this.onDestroy();
    }

    on(event: string, handler: Handler): this {
      const set = this.handlers.get(event) ?? new Set<Handler>();
      set.add(handler);
      this.handlers.set(event, set);
      return this;
    }

    off(event: string, handler?: Handler): this {
      if (handler) this.handlers.get(event)?.delete(handler);
      else this.handlers.delete(event);
      return this;
    }

    once(event: string, handler: Handler): this {
      const wrapped: Handler = (payload) => {
        this.off(event, wrapped);
        handler(payload);
      };
      return this.on(event, wrapped);
    }

    update(options: CardOptions): void {
      const hidePostalCodeChanged =
        options.hidePostalCode !== undefined &&
        options.hidePostalCode !== this.options.hidePostalCode;
      this.options = { ...this.options, ...options };
      if (options.value?.postalCode !== undefined)
        this.values.postalCode = options.value.postalCode;
      if (this.mountNode && hidePostalCodeChanged) this.render();
      else this.applyStyles();
    }

    focus(): void {
      this.inputs.number?.focus();
    }

    blur(): void {
      const active = document.activeElement;
      if (active instanceof target.HTMLElement && this.container?.contains(active)) active.blur();
    }

    clear(): void {
      this.values.number = '';
      this.values.expiry = '';
      this.values.cvc = '';
      this.values.postalCode = '';
      this.left.clear();
      for (const name of Object.keys(this.inputs) as CardFieldName[]) {
        const input = this.inputs[name];
        if (input) input.value = '';
      }
      this.applyStyles();
      this.emit('change', this.changeEvent());
    }

    /** The card as confirmCardPayment sends it, or the first validation error. */
    cardData():
      | {
          card: { number: string; expMonth: number; expYear: number; cvc: string };
          postalCode: string;
        }
      | { error: ValidationError } {
      if (!this.mountNode)
        throw integrationError(
          'We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted.',
        );
      const error = this.validationError(true);
      if (error) return { error };
      const expiry = digitsOnly(this.values.expiry);
      return {
        card: {
          number: digitsOnly(this.values.number),
          expMonth: Number(expiry.slice(0, 2)),
          expYear: fullYear(Number(expiry.slice(2, 4))),
          cvc: this.values.cvc,
        },
        postalCode: this.values.postalCode.trim(),
      };
    }

    private brand(): CardBrand {
      return cardBrand(digitsOnly(this.values.number));
    }

    private showsPostalCode(): boolean {
      return this.options.hidePostalCode !== true;
    }

    /** The first error to show; `all` also reports incomplete fields the user has not left yet. */
    private validationError(all: boolean): ValidationError | undefined {
      const fieldError = (name: CardFieldName) => this.fieldError(name, all || this.left.has(name));
      const fields: CardFieldName[] = ['number', 'expiry', 'cvc'];
      if (this.showsPostalCode()) fields.push('postalCode');
      for (const name of fields) {
        const error = fieldError(name);
        if (error)
          return { type: 'validation_error', code: error, message: validationMessages[error] };
      }
      return undefined;
    }

    private fieldError(
      name: CardFieldName,
      reportIncomplete: boolean,
    ): keyof typeof validationMessages | undefined {
      const brand = this.brand();
      if (name === 'number') {
        const number = digitsOnly(this.values.number);
        if (number.length >= cardNumberLength(brand))
          return passesLuhn(number) ? undefined : 'invalid_number';
        return reportIncomplete ? 'incomplete_number' : undefined;
      }
      if (name === 'expiry') {
        const expiry = digitsOnly(this.values.expiry);
        const month = Number(expiry.slice(0, 2));
        if (expiry.length >= 2 && (month < 1 || month > 12)) return 'invalid_expiry_month';
        if (expiry.length < 4) return reportIncomplete ? 'incomplete_expiry' : undefined;
        const year = fullYear(Number(expiry.slice(2, 4)));
        const now = new Date();
        if (year < now.getUTCFullYear()) return 'invalid_expiry_year_past';
        if (isExpired(month, year, now)) return 'invalid_expiry_month_past';
        return undefined;
      }
      if (name === 'cvc')
        return this.values.cvc.length < cvcLength(brand) && reportIncomplete
          ? 'incomplete_cvc'
          : undefined;
      return this.values.postalCode.trim() === '' && reportIncomplete
        ? 'incomplete_zip'
        : undefined;
    }

    private isEmpty(): boolean {
      return Object.values(this.values).every((value) => value.trim() === '');
    }

    private isComplete(): boolean {
      return this.validationError(true) === undefined;
    }

    private changeEvent(): StripeCardElementChangeEvent {
      return {
        elementType: 'card',
        empty: this.isEmpty(),
        complete: this.isComplete(),
        brand: this.brand(),
        error: this.validationError(false),
        value: { postalCode: this.values.postalCode.trim() },
      };
    }

    private emit(event: string, payload?: unknown): void {
      for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
    }

    private render(): void {
      const node = this.mountNode;
      if (!node) return;
      this.container?.remove();
      this.styleSheet?.remove();
      const container = document.createElement('div');
      container.className = 'StripeEmulatorCard';
      container.dataset.stripeEmulatorElement = String(this.id);
      container.setAttribute('role', 'group');
      container.setAttribute('aria-label', 'Credit or debit card');
      this.inputs = {
        number: this.input('number', 'Card number', 'cc-number', '1234 1234 1234 1234', '1 1 12ch'),
        expiry: this.input('expiry', 'Expiration date MM / YY', 'cc-exp', 'MM / YY', '0 0 7ch'),
        cvc: this.input('cvc', 'CVC', 'cc-csc', 'CVC', '0 0 4.5ch'),
      };
      if (this.showsPostalCode())
        this.inputs.postalCode = this.input('postalCode', 'ZIP', 'postal-code', 'ZIP', '0 0 7ch');
      for (const input of Object.values(this.inputs)) if (input) container.append(input);
      this.styleSheet = document.createElement('style');
      document.head.append(this.styleSheet);
      node.append(container);
      node.classList.add('StripeElement');
      this.container = container;
      this.applyStyles();
      // The field follows its width (a phone turned, a window resized).
      if (target.ResizeObserver) {
        this.resizeObserver?.disconnect();
        this.resizeObserver = new target.ResizeObserver(() => this.fit());
        this.resizeObserver.observe(container);
      }
    }

    private input(
      name: CardFieldName,
      label: string,
      autocomplete: string,
      placeholder: string,
      flex: string,
    ): HTMLInputElement {
      const input = document.createElement('input');
      input.type = 'text';
      input.name = name === 'postalCode' ? 'postal' : name;
      input.setAttribute('aria-label', label);
      input.setAttribute('autocomplete', autocomplete);
      input.inputMode = name === 'postalCode' ? 'text' : 'numeric';
      input.spellcheck = false;
      input.placeholder = placeholder;
      input.value = this.values[name];
      input.style.flex = flex;
      input.style.minWidth = '0';
      if (this.options.disabled) input.disabled = true;
      input.addEventListener('input', (event) => {
        const deleting = (event as InputEvent).inputType?.startsWith('delete') ?? false;
        const formatted = this.format(name, input.value, deleting);
        input.value = formatted;
        this.values[name] = formatted;
        this.left.delete(name);
        this.applyStyles();
        this.emit('change', this.changeEvent());
      });
      input.addEventListener('focus', () => {
        if (!this.focused) this.emit('focus', { elementType: 'card' });
        this.focused = true;
        this.applyStyles();
      });
      input.addEventListener('blur', (event) => {
        if (this.values[name] !== '') this.left.add(name);
        const next = event.relatedTarget;
        if (!(next instanceof target.Node) || !this.container?.contains(next)) {
          this.focused = false;
          this.emit('blur', { elementType: 'card' });
        }
        this.applyStyles();
        this.emit('change', this.changeEvent());
      });
      input.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') this.emit('escape', { elementType: 'card' });
      });
      return input;
    }

    private format(name: CardFieldName, raw: string, deleting: boolean): string {
      if (name === 'postalCode') return raw.replace(/[^\w\s-]/g, '').slice(0, 10);
      const digits = digitsOnly(raw);
      if (name === 'cvc') return digits.slice(0, 4);
      if (name === 'expiry') {
        const month = digits.length === 1 && digits > '1' ? `0${digits}` : digits;
        if (month.length > 2) return `${month.slice(0, 2)} / ${month.slice(2, 4)}`;
        return month.length === 2 && !deleting ? `${month} / ` : month;
      }
      const brand = cardBrand(digits);
      const number = digits.slice(0, brand === 'unknown' ? 19 : cardNumberLength(brand));
      const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
      const parts: string[] = [];
      let at = 0;
      for (const size of groups) {
        if (at >= number.length) break;
        parts.push(number.slice(at, at + size));
        at += size;
      }
      return parts.join(' ');
    }

    private stateClasses(all = false): string[] {
      const classes = this.options.classes ?? {};
      const custom = (key: 'empty' | 'complete' | 'focus' | 'invalid', fallback: string) =>
        classes[key] ?? fallback;
      const states: [string, boolean][] = [
        [custom('empty', 'StripeElement--empty'), this.isEmpty()],
        [custom('complete', 'StripeElement--complete'), this.isComplete()],
        [custom('focus', 'StripeElement--focus'), this.focused],
        [custom('invalid', 'StripeElement--invalid'), this.validationError(false) !== undefined],
      ];
      return states.filter(([, on]) => all || on).map(([name]) => name);
    }

    /** Applies `options.style` and the StripeElement state classes. */
    private applyStyles(): void {
      const node = this.mountNode;
      const container = this.container;
      if (!node || !container) return;
      const style = (this.options.style ?? {}) as Record<string, StyleSet | undefined>;
      const base = style.base ?? {};
      const read = (set: StyleSet | undefined, key: string) =>
        typeof set?.[key] === 'string' ? set[key] : undefined;
      const fontSize = read(base, 'fontSize') ?? defaultStyle.fontSize;
      // A fixed height of one line (1.2em, like Stripe's iframe), so mounting shifts no layout.
      container.style.cssText = [
        'display: flex',
        'align-items: center',
        'gap: 0.5em',
        `font-size: ${fontSize}`,
        'line-height: 1.2em',
        'height: 1.2em',
        `font-family: ${read(base, 'fontFamily') ?? 'inherit'}`,
      ].join('; ');
      const invalid = this.validationError(false) !== undefined;
      const complete = this.isComplete();
      const stateStyle = invalid ? style.invalid : complete ? style.complete : undefined;
      for (const input of Object.values(this.inputs)) {
        if (!input) continue;
        const color = read(stateStyle, 'color') ?? read(base, 'color') ?? defaultStyle.color;
        Object.assign(input.style, {
          font: 'inherit',
          fontSize: 'inherit',
          lineHeight: '1.2em',
          height: '1.2em',
          padding: '0',
          margin: '0',
          border: '0',
          background: 'transparent',
          color,
          fontWeight: read(base, 'fontWeight') ?? '',
          letterSpacing: read(base, 'letterSpacing') ?? '',
        });
        input.disabled = this.options.disabled === true;
      }
      const placeholder = base['::placeholder'];
      const placeholderColor =
        (typeof placeholder === 'object' ? read(placeholder, 'color') : undefined) ??
        defaultStyle.placeholderColor;
      const scope = `.StripeEmulatorCard[data-stripe-emulator-element="${this.id}"]`;
      if (this.styleSheet)
        this.styleSheet.textContent = [
          `${scope} input::placeholder { color: ${placeholderColor}; opacity: 1; }`,
          `${scope} input:focus { outline: none; }`,
          `${scope} input:focus-visible { outline: 2px solid #0570de; outline-offset: 2px; border-radius: 2px; }`,
        ].join('\n');
      node.classList.remove(...this.stateClasses(true));
      node.classList.add(...this.stateClasses());
      this.fit();
    }

    /**
     * Sizes the inputs to what they show — a whole card number, `MM / YY`, the CVC and the ZIP —
     * and, where the field is narrower than that (a 390 px phone), shrinks their text to fit rather
     * than cutting the number. Needs a layout: without one (jsdom) the CSS sizes stay.
     */
    private fit(): void {
      const container = this.container;
      const available = container?.clientWidth ?? 0;
      const context = available > 0 ? document.createElement('canvas').getContext('2d') : null;
      if (!container || !context) return;
      const style = target.getComputedStyle(container);
      const fontPx = Number.parseFloat(style.fontSize) || 16;
      context.font = `${style.fontWeight} ${fontPx}px ${style.fontFamily}`;
      const widest = (...texts: string[]) =>
        Math.max(...texts.map((text) => context.measureText(text).width)) + 2;
      const sizes: [HTMLInputElement | undefined, number][] = [
        [this.inputs.number, widest('0000 0000 0000 0000', '1234 1234 1234 1234')],
        [this.inputs.expiry, widest('MM / YY', '00 / 00')],
        [this.inputs.cvc, widest('CVC', '0000')],
        [this.inputs.postalCode, widest('ZIP', this.values.postalCode)],
      ];
      const shown = sizes.filter(
        (size): size is [HTMLInputElement, number] => size[0] !== undefined,
      );
      const gapPx = fontPx / 2;
      const needed = shown.reduce((sum, [, width]) => sum + width, 0) + gapPx * (shown.length - 1);
      const scale = Math.min(1, available / needed);
      container.style.gap = `${gapPx * scale}px`;
      shown.forEach(([input, width], index) => {
        const last = index === shown.length - 1;
        input.style.flex = `${last ? 1 : 0} 0 ${width * scale}px`;
        input.style.fontSize = scale < 1 ? `${fontPx * scale}px` : 'inherit';
      });
    }
  }

  function parseClientSecret(clientSecret: unknown, method: string): string {
    const id =
      typeof clientSecret === 'string'
        ? /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(clientSecret)?.[1]
        : undefined;
    if (!id)
      throw integrationError(
        `Invalid value for ${method}: clientSecret should be a client secret of the form \${id}_secret_\${secret}. You specified: ${String(clientSecret)}.`,
      );
    return id;
  }

  function Stripe(publishableKey: unknown, _options?: unknown) {
    if (typeof publishableKey !== 'string' || publishableKey === '')
      throw integrationError(
        'Please call Stripe() with your publishable key. You used an empty string.',
      );
    if (/^(sk|rk)_/.test(publishableKey))
      throw integrationError(
        'You should not use your secret key with Stripe.js. Please pass a publishable key instead.',
      );
    if (!publishableKey.startsWith('pk_test_'))
      throw integrationError(
        `The Stripe emulator at ${apiBase} accepts test publishable keys only (pk_test_…).`,
      );
    const key = publishableKey;
    let cardElement: CardElement | null = null;

    async function call(
      method: 'GET' | 'POST',
      path: string,
      form: URLSearchParams,
    ): Promise<{ ok: true; body: unknown } | { ok: false; error: StripeError }> {
      form.set('key', key);
      const url = `${apiBase}${path}${method === 'GET' ? `?${form.toString()}` : ''}`;
      try {
        const response = await target.fetch(url, {
          method,
          headers:
            method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : undefined,
          body: method === 'POST' ? form.toString() : undefined,
        });
        const body = (await response.json()) as { error?: StripeError };
        if (!response.ok || body.error)
          return {
            ok: false,
            error: body.error ?? { type: 'api_error', message: `HTTP ${response.status}` },
          };
        return { ok: true, body };
      } catch {
        return {
          ok: false,
          error: {
            type: 'api_connection_error',
            message: `An error occurred with our connection to Stripe (the Stripe emulator at ${apiBase} did not answer).`,
          },
        };
      }
    }

    function toResult(
      answer: { ok: true; body: unknown } | { ok: false; error: StripeError },
    ): PaymentIntentResult {
      return answer.ok
        ? ({ paymentIntent: answer.body } as PaymentIntentResult)
        : { error: answer.error };
    }

    function setBillingDetails(form: URLSearchParams, details: BillingDetails | undefined) {
      if (!details) return;
      for (const field of ['name', 'email', 'phone'] as const) {
        const value = details[field];
        if (value) form.set(`payment_method_data[billing_details][${field}]`, value);
      }
      for (const [field, value] of Object.entries(details.address ?? {}))
        if (value) form.set(`payment_method_data[billing_details][address][${field}]`, value);
    }

    return {
      elements(_options?: unknown) {
        return {
          create(type: string, options?: CardOptions) {
            if (type !== 'card')
              throw integrationError(
                `The Stripe emulator's Stripe.js supports only the 'card' Element, not '${type}'.`,
              );
            if (cardElement && !cardElement.destroyed)
              throw integrationError('Can only create one Element of type card.');
            const element: CardElement = new CardElement(options, () => {
              if (cardElement === element) cardElement = null;
            });
            cardElement = element;
            return element;
          },
          // react-stripe-js passes its component (which carries `__elementType`) or the type name.
          getElement(type: string | { __elementType?: string }) {
            const name = typeof type === 'string' ? type : type.__elementType;
            return name === 'card' ? cardElement : null;
          },
          update(_options?: unknown) {},
        };
      },

      async confirmCardPayment(
        clientSecret: string,
        data?: { payment_method?: string | { card?: unknown; billing_details?: BillingDetails } },
        _options?: unknown,
      ): Promise<PaymentIntentResult> {
        const id = parseClientSecret(clientSecret, 'stripe.confirmCardPayment intent secret');
        const form = new URLSearchParams({ client_secret: clientSecret });
        const paymentMethod = data?.payment_method;
        if (typeof paymentMethod === 'string') form.set('payment_method', paymentMethod);
        else if (paymentMethod) {
          if (!(paymentMethod.card instanceof CardElement))
            throw integrationError(
              'Invalid value for confirmCardPayment: payment_method.card should be a card Element created by this Stripe instance.',
            );
          const card = paymentMethod.card.cardData();
          if ('error' in card) return { error: card.error };
          form.set('payment_method_data[type]', 'card');
          form.set('payment_method_data[card][number]', card.card.number);
          form.set('payment_method_data[card][exp_month]', String(card.card.expMonth));
          form.set('payment_method_data[card][exp_year]', String(card.card.expYear));
          form.set('payment_method_data[card][cvc]', card.card.cvc);
          if (card.postalCode)
            form.set('payment_method_data[billing_details][address][postal_code]', card.postalCode);
          setBillingDetails(form, paymentMethod.billing_details);
        }
        form.set('expected_payment_method_type', 'card');
        form.set('use_stripe_sdk', 'true');
        return toResult(await call('POST', `/v1/payment_intents/${id}/confirm`, form));
      },

      async retrievePaymentIntent(clientSecret: string): Promise<PaymentIntentResult> {
        const id = parseClientSecret(clientSecret, 'stripe.retrievePaymentIntent intent secret');
        const form = new URLSearchParams({ client_secret: clientSecret });
        return toResult(await call('GET', `/v1/payment_intents/${id}`, form));
      },

      // Present so that react-stripe-js accepts this object as a Stripe instance.
      async createPaymentMethod(_data?: unknown) {
        return { error: notSupported() };
      },
      async createToken(_element?: unknown, _data?: unknown) {
        return { error: notSupported() };
      },
      _registerWrapper(_wrapper: unknown) {},
      registerAppInfo(_info: unknown) {},
    };
  }

  function notSupported(): StripeError {
    return { type: 'invalid_request_error', message: 'Not supported by the Stripe emulator' };
  }

  // @stripe/stripe-js compares this with the release train it expects ('endive') and warns otherwise.
  Stripe.version = 'endive';
  return Stripe;
}
