/** The status uppercased, underscores shown as spaces ('IN PROGRESS'; docs/product/booking-and-payments.md). */
export function statusLabel(status: string): string {
  return status.replaceAll('_', ' ').toUpperCase();
}
