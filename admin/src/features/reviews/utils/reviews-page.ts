/** A positive whole id from the address (`?bookingId=`, `?cleanerId=`); null when absent or not one. */
export function positiveId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** Where a sent review lands: the reviews of the cleaner it is about, newest first (so it leads). */
export function reviewedCleanerPath(booking: { cleanerId: number }): string {
  return `/reviews?cleanerId=${booking.cleanerId}`;
}
