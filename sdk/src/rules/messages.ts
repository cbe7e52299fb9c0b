/**
 * The product's words, in one place: the server's validation answers them, and the hosted app and
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
  review: {
    ratingRequiredTitle: 'Rating Required',
    ratingRequired: 'Please select a rating before submitting',
    commentTooShortTitle: 'Comment Too Short',
    commentTooShort: 'Please provide at least 10 characters in your review',
    commentMin: 'Comment must be at least 10 characters',
    responseBlank: 'Response cannot be blank',
    fileTooLarge: 'File Too Large',
    invalidFileType: 'Invalid File Type',
    /** The author is sent the reason a review was hidden. */
    hideReasonRequired: 'Please give the reason for hiding this review; its author is sent it.',
  },
  /** The cleaner application and its documents (docs/product/cleaners.md). */
  application: {
    missingRequired: 'Missing Required Fields',
    hourlyRate: 'Please enter a valid hourly rate between $15 and $100.',
    alreadyPending: 'You already have a pending application',
    fileTooLarge: 'Please select a file smaller than 10MB.',
    invalidFileType: 'Please select a PDF, JPEG, or PNG file.',
    /** A rejection is sent to the applicant with its reason (decision 042). */
    rejectReasonRequired: 'Please give a reason for rejecting this application.',
    documentRejectReasonRequired: 'Please give a reason for rejecting this document.',
  },
  /** The chat bubble's toasts (docs/product/assistant.md). */
  chat: {
    sessionErrorTitle: 'Chat Error',
    sessionError: 'Failed to start chat session. Please try again.',
    messageErrorTitle: 'Message Error',
    messageError: 'Failed to send message. Please try again.',
    messageRequired: 'Please type a message',
    messageTooLong: 'Message must be at most 2000 characters',
    timeZoneInvalid: 'timeZone must be an IANA time zone such as America/Denver',
    cityUnknown: 'city must be one of the cities Spotless serves, such as Denver',
  },
  /**
   * A partner's widgets when the key is refused (decision 048, addendum): the visitor is told in
   * plain words, the page's developer finds the server's reason in a collapsed element (and the
   * browser's console, and the `error` event).
   */
  partner: {
    bookingUnavailable: 'Booking is not available on this site right now.',
    searchUnavailable: 'Search is not available on this site right now.',
    chatUnavailable: 'Chat is not available on this site right now.',
    developerDetails: "Details for this site's developer",
  },
} as const;
