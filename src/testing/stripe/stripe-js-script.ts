// The Stripe emulator's /v3/stripe.js, as js.stripe.com's script does it: defines `window.Stripe`
// for the API of the emulator that served it. The bundler builds this entry, with what it imports,
// into one classic script (scripts/stripe-emulator/stand-in-script.ts).
import { installStripeStandIn } from './stripe-js-stand-in';

const script = document.currentScript;
if (!(script instanceof HTMLScriptElement) || !script.src) {
  throw new Error("Load the Stripe emulator's stripe.js with a <script src> tag.");
}
installStripeStandIn(window, new URL(script.src).origin);
