import type { ApplicationDocument } from '@spotless/sdk';
import { type FormEvent, useState } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { Field } from '../../../components/field';
import { toast } from '../../../lib/toast';
import { useReviewDocument } from '../api/admin-applications.mutations';
import {
  dateTime,
  documentRejectionBody,
  documentStatusText,
  documentTone,
  documentTypeText,
  fileSizeText,
} from '../utils/admin-dashboard';
import { documentFailureToast } from './status-toasts';

/** The application's documents, each with its verify and reject actions (docs/product/administration.md). */
export function DocumentsSection({ documents }: { documents: ApplicationDocument[] }) {
  return (
    <section aria-labelledby="application-documents-title">
      <h3 id="application-documents-title" className="application-review__heading">
        Documents
      </h3>
      {documents.length === 0 ? (
        <p className="application-review__muted">No documents uploaded yet.</p>
      ) : (
        <ul className="application-review__documents">
          {documents.map((document) => (
            <DocumentItem key={document.id} document={document} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DocumentItem({ document }: { document: ApplicationDocument }) {
  const reviewDocument = useReviewDocument();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const type = documentTypeText(document.documentType);

  const verify = () => {
    const action = document.actions.verify;
    if (!action || reviewDocument.isPending) return;
    reviewDocument.mutate(
      { action, body: { status: 'verified' } },
      {
        onSuccess: () =>
          toast({ title: 'Document Verified', description: `${type} (${document.fileName}) is verified.` }),
        onError: documentFailureToast,
      },
    );
  };

  const reject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const action = document.actions.reject;
    if (!action || reviewDocument.isPending) return;
    const change = documentRejectionBody(action, reason);
    if (!change.ok) {
      setError(change.message);
      return;
    }
    setError(null);
    reviewDocument.mutate(
      { action, body: change.body },
      {
        onSuccess: () => {
          toast({ title: 'Document Rejected', description: `The applicant is sent the reason for ${type}.` });
          setRejecting(false);
        },
        onError: documentFailureToast,
      },
    );
  };

  return (
    <li className="application-review__document" data-testid="application-document">
      <div className="application-review__document-head">
        <div>
          <p className="application-review__document-type">{type}</p>
          <p className="application-review__muted">
            {document.fileName} · {fileSizeText(document.fileSize)} · uploaded{' '}
            {dateTime.format(new Date(document.uploadedAt))}
          </p>
        </div>
        <span className={`tone-badge tone-badge--${documentTone(document.status)}`} data-testid="document-status">
          {documentStatusText(document.status)}
        </span>
      </div>
      {document.status === 'rejected' && document.rejectionReason ? (
        <p className="application-review__reason">Reason: {document.rejectionReason}</p>
      ) : null}
      <div className="button-row">
        {/* Served as an attachment (decision 038): it downloads rather than opening as a page. */}
        <a
          className="btn btn--outline btn--sm"
          href={document.links.file.href}
          download={document.fileName}
          aria-label={`Download ${type} (${document.fileName})`}
        >
          Download
        </a>
        {document.actions.verify ? (
          <button
            type="button"
            className="btn btn--primary btn--sm"
            aria-label={`Verify ${type}`}
            disabled={reviewDocument.isPending}
            onClick={verify}
          >
            {document.actions.verify.title}
          </button>
        ) : null}
        {document.actions.reject && !rejecting ? (
          <button
            type="button"
            className="btn btn--danger btn--sm"
            aria-label={`Reject ${type}`}
            disabled={reviewDocument.isPending}
            onClick={() => setRejecting(true)}
          >
            {document.actions.reject.title}
          </button>
        ) : null}
      </div>
      {rejecting && document.actions.reject ? (
        <form className="form application-review__reject" noValidate onSubmit={reject}>
          <Field label={`Reason for rejecting: ${type}`} error={error}>
            {(control) => (
              <textarea
                {...control}
                rows={2}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </Field>
          <DialogFooter
            submitLabel="Reject Document"
            pendingLabel="Rejecting..."
            pending={reviewDocument.isPending}
            tone="danger"
            size="sm"
            onCancel={() => {
              setRejecting(false);
              setError(null);
            }}
          />
        </form>
      ) : null}
    </li>
  );
}
