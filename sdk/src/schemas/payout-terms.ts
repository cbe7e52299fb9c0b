import { z } from 'zod';
import { linkTo } from './hypermedia';

/**
 * How cleaners are paid, for anyone to read before they join (decision 085): the platform fee from
 * the one split configuration, the hours a customer has to report a problem before a job is paid
 * out, and the same answer to "when do I get paid?" the cleaner's earnings give.
 */
export const PayoutTerms = z
  .object({
    platformFeePercent: z.number().meta({ description: 'the platform fee on what a customer pays, in percent' }),
    cleanerSharePercent: z.number().meta({ description: 'what the cleaner keeps of it, in percent' }),
    damageReportHours: z
      .number()
      .int()
      .meta({ description: 'hours after a job ends in which its customer may report a problem; the payout waits' }),
    whenPaid: z.string().meta({ description: 'the answer to “when do I get paid?”, in words' }),
    links: z.object({ self: linkTo('getPayoutTerms') }),
  })
  .meta({ id: 'PayoutTerms' });
export type PayoutTerms = z.infer<typeof PayoutTerms>;
