/** The card side of the local provider: Stripe's test cards and Stripe.js's checks of the card form. */

export interface CardDetails {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What `stripe.confirmCardPayment` resolves to, in the fields the checkout page reads. */
export type ConfirmResult =
  | { paymentIntent: { id: string; status: 'succeeded'; amount: number; currency: string } }
  | {
      error: {
        type: 'card_error' | 'validation_error' | 'invalid_request_error';
        code: string;
        decline_code?: string;
        message: string;
      };
    };

export type Decline = { kind: 'decline'; code: string; declineCode?: string; message: string };

export type Outcome =
  | {
      kind: 'succeed';
      dispute?: boolean;
      refundFails?: boolean;
      /** What a later charge to it with the customer away does instead of succeeding. */
      offSession?: Decline;
    }
  | Decline;

const DECLINED = 'Your card was declined.';
/** Stripe's test cards (https://docs.stripe.com/testing) and what they do. */
const TEST_CARDS: Record<string, Outcome> = {
  '4242424242424242': { kind: 'succeed' },
  '4000056655665556': { kind: 'succeed' },
  '5555555555554444': { kind: 'succeed' },
  '378282246310005': { kind: 'succeed' },
  '4000000000000259': { kind: 'succeed', dispute: true },
  // The charge goes through; every refund of it is refused by the card's bank.
  '4000000000005126': { kind: 'succeed', refundFails: true },
  // Attaching (paying at checkout) succeeds; every later charge to the saved card is declined.
  '4000000000000341': {
    kind: 'succeed',
    offSession: { kind: 'decline', code: 'card_declined', declineCode: 'generic_decline', message: DECLINED },
  },
  // Needs 3D Secure: on session the customer authenticates; off session the charge cannot go through.
  '4000002760003184': {
    kind: 'succeed',
    offSession: {
      kind: 'decline',
      code: 'authentication_required',
      message: 'This payment requires authentication, and the customer is not on the session.',
    },
  },
  '4000000000000002': { kind: 'decline', code: 'card_declined', declineCode: 'generic_decline', message: DECLINED },
  '4000000000009995': {
    kind: 'decline',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009987': { kind: 'decline', code: 'card_declined', declineCode: 'lost_card', message: DECLINED },
  '4000000000009979': { kind: 'decline', code: 'card_declined', declineCode: 'stolen_card', message: DECLINED },
  '4000000000000069': { kind: 'decline', code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { kind: 'decline', code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    kind: 'decline',
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};
const LIVE_CARD_IN_TEST_MODE: Outcome = {
  kind: 'decline',
  code: 'card_declined',
  declineCode: 'test_mode_live_card',
  message:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
};

/** What paying with a card number does: a test card's outcome, or the decline of a live card in test mode. */
export function cardOutcome(cardNumber: string): Outcome {
  return TEST_CARDS[cardNumber.replace(/ /g, '')] ?? LIVE_CARD_IN_TEST_MODE;
}

/**
 * What charging a saved card with the customer away does: a card that pays at checkout pays again
 * unless it is one of Stripe's cards whose later charges fail (0341 declines, 3184 needs the customer).
 */
export function offSessionOutcome(cardNumber: string): Outcome {
  const outcome = cardOutcome(cardNumber);
  return outcome.kind === 'succeed' && outcome.offSession ? outcome.offSession : outcome;
}

type CardProblem = { code: string; message: string };

/** Stripe.js's checks of the card form, before anything reaches the provider. */
export function validateCard(card: CardDetails, now: Date): CardProblem | null {
  const number = String(card.cardNumber ?? '').replace(/ /g, '');
  if (number === '') return { code: 'incomplete_number', message: 'Your card number is incomplete.' };
  if (!/^\d+$/.test(number)) return { code: 'invalid_number', message: 'Your card number is invalid.' };
  const length = /^3[47]/.test(number) ? 15 : 16;
  if (number.length < length) return { code: 'incomplete_number', message: 'Your card number is incomplete.' };
  if (number.length > length || !luhnValid(number)) {
    return { code: 'invalid_number', message: 'Your card number is invalid.' };
  }
  const month = card.expMonth;
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    return { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  }
  const year = Number.isInteger(card.expYear) && card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(year) || year < 0) {
    return { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." };
  }
  if (year < thisYear)
    return { code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." };
  if (year > thisYear + 50) return { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." };
  if (year === thisYear && month < now.getUTCMonth() + 1) {
    return { code: 'invalid_expiry_month_past', message: "Your card's expiration date is in the past." };
  }
  const cvcLength = length === 15 ? 4 : 3;
  const cvc = String(card.cvc ?? '');
  if (!/^\d*$/.test(cvc) || cvc.length > cvcLength) {
    return { code: 'invalid_cvc', message: "Your card's security code is invalid." };
  }
  if (cvc.length < cvcLength) return { code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
  return null;
}

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Stripe.js's field for each of its card-form error codes. */
export function cardField(code: string): string {
  if (code.includes('number')) return 'cardNumber';
  if (code.includes('month') || code === 'invalid_expiry_month_past') return 'expMonth';
  if (code.includes('year')) return 'expYear';
  return 'cvc';
}
