import { type Payment, type PaymentPage, RefundInput } from '@spotless/sdk/schemas';
import { actionTo, linkTo, type Operations, pageLink, pageLinksTo } from '../contract/hypermedia';
import type { PaymentAnswer } from './payments.service';

/** A payment with its links and, for an administrator while something is left, its refund action. */
export function renderPayment(ops: Operations, answer: PaymentAnswer): Payment {
  const { data, refundable } = answer;
  return {
    ...data,
    links: {
      self: linkTo(ops, 'getPayment', { id: data.id }),
      booking: linkTo(ops, 'getBooking', { id: data.bookingId }),
      page: pageLink('/payments', 'Payments'),
    },
    actions: refundable
      ? {
          refund: actionTo(ops, 'refund', 'refundPayment', {
            title: 'Refund',
            description: 'Leave the amount blank to refund everything not yet refunded.',
            params: { id: data.id },
            body: RefundInput,
          }) as NonNullable<Payment['actions']['refund']>,
        }
      : {},
  };
}

export function renderPaymentPage(
  ops: Operations,
  page: { items: PaymentAnswer[]; total: number; page: number; pageSize: number; summary: PaymentPage['summary'] },
  query: { status?: string | undefined; pageSize: number },
): PaymentPage {
  return {
    ...page,
    items: page.items.map((answer) => renderPayment(ops, answer)),
    links: pageLinksTo(ops, 'listPayments', {}, { status: query.status, pageSize: query.pageSize }, page),
  };
}
