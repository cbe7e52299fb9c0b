import { formatDollars, type PartnerPortal } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { StackTable } from '../../../components/stack-table';
import { errorMessage } from '../../../lib/api-errors';
import { downloadCsv, toCsv } from '../../../lib/csv';
import { toast } from '../../../lib/toast';
import { fetchStatement, portalStatementsQuery } from '../api/portal.queries';
import { STATEMENT_FILING, statementFileName, statementRows } from '../utils/portal-text';

/** What the partner's widgets earned it (decision 081): its commission by month, each as a CSV. */

export function Statements({ portal }: { portal: PartnerPortal }) {
  const list = useQuery(portalStatementsQuery(portal));
  const download = async (link: { href: string }, month: string) => {
    try {
      const statement = await fetchStatement(link);
      downloadCsv(statementFileName(portal.name, month), toCsv(statementRows(statement.lines)));
    } catch (error) {
      toast({
        title: 'Download failed',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };
  return (
    <section className="card portal-section" aria-labelledby="portal-statements">
      <h2 id="portal-statements">Commission statements</h2>
      <p className="muted">
        Accrued is the commission your bookings earned, less what refunds took back; paid is what reached your bank
        account. Each month’s CSV lists every line, with its booking’s service and amount.
      </p>
      <p className="muted" data-testid="statement-filing">
        <strong>Which month:</strong> {STATEMENT_FILING}
      </p>
      {list.isPending ? (
        <p className="loading-text">Loading…</p>
      ) : list.isError ? (
        <p className="alert alert--error">Failed to load the statements.</p>
      ) : list.data.months.length === 0 ? (
        <p className="muted">Your first statement appears with the first paid booking.</p>
      ) : (
        <StackTable
          caption="Commission per month"
          columns={['Month', 'Accrued', 'Paid', 'Payable', 'CSV']}
          testId="portal-statements"
        >
          {list.data.months.map((m) => (
            <tr key={m.month} data-testid="portal-statement">
              <th scope="row">{monthLabel(m.month)}</th>
              <td data-label="Accrued">{formatDollars(m.accrued)}</td>
              <td data-label="Paid">{formatDollars(m.paid)}</td>
              <td data-label="Payable">{formatDollars(m.payable)}</td>
              <td className="stack-table__actions">
                <button
                  type="button"
                  className="btn btn--outline btn--sm"
                  onClick={() => download(m.links.self, m.month)}
                >
                  Download CSV
                </button>
              </td>
            </tr>
          ))}
        </StackTable>
      )}
    </section>
  );
}

/** '2026-11' as 'November 2026' (a calendar month, UTC, as the statement counts it). */
function monthLabel(month: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T00:00:00Z`),
  );
}
