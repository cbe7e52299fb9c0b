/** The service-area tags a review may carry (docs/product/discovery.md): the server's choices, the forms' fallback, the seed's. */
export const REVIEW_AREAS = [
  'Kitchen',
  'Bathroom',
  'Living Room',
  'Bedroom',
  'Dining Room',
  'Laundry Room',
  'Office',
  'Basement',
  'Garage',
  'Windows',
  'Floors',
] as const;
