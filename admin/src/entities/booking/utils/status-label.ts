/** Spec 01 §2.9: the status uppercased, underscores shown as spaces ('IN PROGRESS'). */
export function statusLabel(status: string): string {
  return status.replaceAll('_', ' ').toUpperCase();
}
