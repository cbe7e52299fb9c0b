import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test/harness';
import { customerPaymentSummary } from './payments.queries';

const ctx = await createTestContext();

describe('payments queries', () => {
  it("reads a customer's summary cards from one index, never visiting the payment rows", async () => {
    const { sql, params } = customerPaymentSummary(ctx.database.db).getQuery();
    expect(params).toHaveLength(1);
    const plan = await ctx.database.client.execute({ sql: `explain query plan ${sql}`, args: [1] });
    const details = plan.rows.map((row) => String(row.detail));
    expect(details).toEqual([expect.stringContaining('USING COVERING INDEX payments_customer_summary_idx')]);
  });
});
