/**
 * The instant every browser test's server and browser start at (decision 040): a Wednesday
 * morning in the cleaners' US time zones, weeks away from a daylight-saving change, so the demo
 * data, "today", the next free slots and the dates a test picks are the same on every run.
 */
export const TEST_START = new Date('2027-06-16T15:00:00Z');
