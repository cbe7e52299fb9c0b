import { PayoutTerms } from '@spotless/sdk/schemas';
import { defineOperations } from '../contract/operations';

/** How cleaners are paid, public (decision 085): what each operation is, who may call it, what it answers. */
export const payoutTermsApi = defineOperations({
  getPayoutTerms: {
    method: 'get',
    path: '/payout-terms',
    security: 'public',
    partners: true,
    summary: 'How cleaners are paid: the platform fee and when a job is paid out',
    description:
      'The platform fee Spotless keeps of what a customer pays (the split’s configuration, `PLATFORM_FEE_BPS`), the cleaner’s share, the hours a customer has to report a problem before a job is paid out, and `whenPaid`, the answer to “when do I get paid?” the cleaner’s earnings give. Read by the Become a Cleaner page, the help centre and the cleaner terms.',
    tags: ['payouts'],
    access: 'public',
    responses: { 200: { description: 'The payout terms', schema: PayoutTerms } },
  },
});
