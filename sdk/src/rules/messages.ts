/**
 * The spec's words, in one place: the server's validation answers them, and the hosted app and
 * the widgets show them, so a test on either side can assert them verbatim.
 */
export const MESSAGES = {
  booking: {
    addressRequired: 'Address is required',
    dateRequired: 'Please select a date',
    timeRequired: 'Please select a time',
    durationTooShort: 'Duration must be at least 30 minutes',
    durationTooLong: 'Duration must be at most 12 hours',
    durationStep: 'Duration must be a multiple of 15 minutes',
    priceRequired: 'Price is required',
  },
  availability: {
    timeFormat: 'Time must be in HH:MM format',
  },
} as const;
