import type { Application, ApplicationDocument, PerformableAction } from '@spotless/sdk';
import { DOCUMENT_MAX_DIMENSION } from '@spotless/sdk/rules';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Field } from '../../../components/field';
import { ConfirmDialog } from '../../../components/modal-dialog';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { fitPictureForUpload } from '../../../lib/fit-picture';
import { toast } from '../../../lib/toast';
import { documentsQuery, useDeleteDocument, useUploadDocument } from '../api/applications.queries';
import { DOCUMENT_TYPE_OPTIONS, documentProblem, fileSizeText } from '../utils/application-form';

const DOCUMENT_STATUS: Record<ApplicationDocument['status'], string> = {
  pending: 'Pending verification',
  verified: 'Verified',
  rejected: 'Rejected',
};

const typeLabel = (type: string) => DOCUMENT_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? type;

/** The application's documents: each with its status and download link; upload and delete while the server allows. */
export function DocumentsPanel({ application }: { application: Application }) {
  const documents = useQuery(documentsQuery(application));
  const remove = useDeleteDocument();
  // Deleting cannot be undone: it is asked first, in the app's own dialog.
  const [deleting, setDeleting] = useState<ApplicationDocument | null>(null);
  const confirmDelete = () => {
    const doc = deleting;
    if (!doc?.actions.delete || remove.isPending) return;
    remove.mutate(doc.actions.delete, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: 'Document Deleted', description: `${doc.fileName} was deleted.` });
      },
      onError: (error) => {
        setDeleting(null);
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to delete the document.'),
          variant: 'destructive',
        });
      },
    });
  };
  return (
    <section className="card" aria-labelledby="documents-title" data-testid="documents-panel">
      <h2 id="documents-title" className="card__title">
        Documents
      </h2>
      <p className="field__hint">
        ID, insurance and bond certificates, reference letters, background check: PDF, JPEG or PNG, at most 10MB each.
        Only you and our review team can open them.
      </p>
      {documents.isPending ? (
        <p className="loading-text">Loading your documents...</p>
      ) : documents.isError ? (
        <p className="alert alert--error">{errorMessage(documents.error, 'Failed to load your documents.')}</p>
      ) : (
        <>
          {documents.data.items.length === 0 ? (
            <p className="empty-state">No documents uploaded yet.</p>
          ) : (
            <ul className="document-list">
              {documents.data.items.map((doc) => (
                <li key={doc.id} className="document-list__item" data-testid={`document-${doc.id}`}>
                  <span>
                    <strong>{typeLabel(doc.documentType)}</strong> · {doc.fileName} · {fileSizeText(doc.fileSize)}
                    <span
                      className={`tone-badge tone-badge--${doc.status === 'verified' ? 'green' : doc.status === 'rejected' ? 'red' : 'yellow'}`}
                    >
                      {DOCUMENT_STATUS[doc.status]}
                    </span>
                    {doc.rejectionReason ? <span className="field__hint"> Reason: {doc.rejectionReason}</span> : null}
                  </span>
                  <span className="button-row">
                    <a className="btn btn--outline btn--sm" href={doc.links.file.href} download={doc.fileName}>
                      Download<span className="visually-hidden"> {doc.fileName}</span>
                    </a>
                    {doc.actions.delete ? (
                      <button
                        type="button"
                        className="btn btn--danger btn--sm"
                        disabled={remove.isPending}
                        aria-haspopup="dialog"
                        onClick={() => setDeleting(doc)}
                      >
                        Delete<span className="visually-hidden"> {doc.fileName}</span>
                      </button>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {documents.data.actions.upload ? <UploadForm action={documents.data.actions.upload} /> : null}
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Document"
        confirmLabel="Delete Document"
        pendingLabel="Deleting..."
        cancelLabel="Keep Document"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        testId="delete-document-dialog"
      >
        <p>
          Delete <strong>{deleting?.fileName}</strong> ({deleting ? typeLabel(deleting.documentType) : ''})? It is
          removed from your application and our review team can no longer open it.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function UploadForm({ action }: { action: PerformableAction }) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [documentType, setDocumentType] = useState('id');
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadDocument();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || upload.isPending) return;
    // A phone's full-size photo of an ID is scaled to what the server keeps before its size is judged.
    const sent = await fitPictureForUpload(file, DOCUMENT_MAX_DIMENSION);
    const problem = await documentProblem(sent);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    const form = new FormData();
    form.set('documentType', documentType);
    form.set('file', sent, sent.name);
    upload.mutate(
      { action, form },
      {
        onSuccess: () => {
          toast({ title: 'Document Uploaded', description: `${file.name} was uploaded.` });
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (error) => {
          const status = errorStatus(error);
          toast({
            title: status === 413 ? 'File Too Large' : status === 415 ? 'Invalid File Type' : 'Upload Failed',
            description: errorMessage(error, `Upload failed with status ${status ?? 0}`),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form className="form document-upload" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="card__title">
        Upload a document
      </h3>
      <div className="form__row">
        <Field label="Document type">
          {(control) => (
            <select {...control} value={documentType} onChange={(e) => setDocumentType(e.target.value)}>
              {DOCUMENT_TYPE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="File (PDF, JPEG or PNG, at most 10MB)">
          {(control) => (
            <input
              {...control}
              ref={fileInput}
              type="file"
              accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
      </div>
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={!file || upload.isPending}>
          {upload.isPending ? 'Uploading...' : 'Upload Document'}
        </button>
      </div>
    </form>
  );
}
