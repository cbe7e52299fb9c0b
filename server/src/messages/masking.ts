/**
 * Contact details in a message (decision 087), hidden until the booking is paid so that the two
 * parties are not steered off the platform before it is. The text is stored as written and masked
 * when it is read, so the details show once the payment has succeeded.
 */

export const CONTACT_HIDDEN = '[contact details hidden until the booking is paid]';

const EMAIL =
  /[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\])\s*[\p{L}\p{N}-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[\p{L}\p{N}-]+)+/giu;
/** A run of digits with the separators phone numbers are written with, from seven digits on. */
const PHONE = /\+?\(?\d[\d\s().\-/]{5,}\d/g;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MIN_PHONE_DIGITS = 7;

/** The text with e-mail addresses and phone numbers replaced by `CONTACT_HIDDEN`; `masked` if any was. */
export function maskContactDetails(text: string): { text: string; masked: boolean } {
  let masked = false;
  const hide = () => {
    masked = true;
    return CONTACT_HIDDEN;
  };
  const out = text.replace(EMAIL, hide).replace(PHONE, (run) => {
    const digits = run.replace(/\D/g, '').length;
    return digits >= MIN_PHONE_DIGITS && !DATE.test(run.trim()) ? hide() : run;
  });
  return { text: out, masked };
}

/** Whether a booking's payment has succeeded (a refund or dispute later does not hide its details again). */
export const paidFor = (paymentStatus: string) => ['succeeded', 'refunded', 'disputed'].includes(paymentStatus);
