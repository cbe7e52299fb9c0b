import { Hono } from 'hono';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { attachmentDisposition } from '../files/uploads';
import { throttleUpload } from '../rate-limits/rate-limit';
import { applicationsApi as api } from './applications.openapi';
import {
  renderAdminPage,
  renderApplication,
  renderDocument,
  renderDocumentList,
  renderOwnApplications,
} from './applications.resource';
import {
  getApplication,
  getApplicationForReview,
  listAdminApplications,
  listOwnApplications,
  setApplicationStatus,
  submitApplication,
} from './applications.service';
import { readDocumentUpload } from './document-upload';
import {
  deleteDocument,
  getDocument,
  listApplicationDocuments,
  openDocumentFile,
  reviewDocument,
  uploadDocument,
} from './documents.service';

const FILE_HEADERS = (type: string, fileName: string, size: number) => ({
  'content-type': type,
  'content-length': String(size),
  'content-disposition': attachmentDisposition(fileName),
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-store',
  // Opened directly, an uploaded file still runs nothing and loads nothing.
  'content-security-policy': "default-src 'none'; sandbox",
});

/** `/api/applications`: the signed-in user's own applications and their documents. */
export const applicationsRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.listApplications), async (c) =>
    c.json(renderOwnApplications(c.get('operations'), await listOwnApplications(c.get('deps'), c.get('actor')))),
  )
  .post(...endpoint(api.submitApplication), async (c) => {
    const answer = await submitApplication(c.get('deps'), c.get('actor'), inputOf(c, api.submitApplication).json);
    return c.json(renderApplication(c.get('operations'), answer), 201);
  })
  .get(...endpoint(api.getApplication), async (c) => {
    const answer = await getApplication(c.get('deps'), c.get('actor'), inputOf(c, api.getApplication).param.id);
    return c.json(renderApplication(c.get('operations'), answer));
  })
  .get(...endpoint(api.listApplicationDocuments), async (c) => {
    const { id } = inputOf(c, api.listApplicationDocuments).param;
    const { application } = await listApplicationDocuments(c.get('deps'), c.get('actor'), id);
    return c.json(renderDocumentList(c.get('operations'), application));
  })
  .post(...endpoint(api.uploadApplicationDocument), async (c) => {
    const { id } = inputOf(c, api.uploadApplicationDocument).param;
    const deps = c.get('deps');
    const answer = await uploadDocument(deps, c.get('actor'), id, async () => {
      await throttleUpload(c);
      return readDocumentUpload(c.req.raw, deps.images, deps.config.bodyIdleTimeoutMs);
    });
    return c.json(renderDocument(c.get('operations'), answer), 201);
  });

/** `/api/documents`: one document, its file, and its removal. */
export const documentsRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.getApplicationDocument), async (c) => {
    const answer = await getDocument(c.get('deps'), c.get('actor'), inputOf(c, api.getApplicationDocument).param.id);
    return c.json(renderDocument(c.get('operations'), answer));
  })
  .get(...endpoint(api.downloadApplicationDocument), async (c) => {
    const { id } = inputOf(c, api.downloadApplicationDocument).param;
    const { document, file } = await openDocumentFile(c.get('deps'), c.get('actor'), id);
    return c.body(file.body, 200, FILE_HEADERS(document.mimeType, document.fileName, file.size));
  })
  .delete(...endpoint(api.deleteApplicationDocument), async (c) => {
    const answer = await deleteDocument(
      c.get('deps'),
      c.get('actor'),
      inputOf(c, api.deleteApplicationDocument).param.id,
    );
    return c.json(renderApplication(c.get('operations'), answer));
  });

/** `/api/admin/...`: the administrators' review of applications and documents. */
export const adminApplicationsRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.listAdminApplications), async (c) => {
    const query = inputOf(c, api.listAdminApplications).query;
    const page = await listAdminApplications(c.get('deps'), c.get('actor'), query);
    return c.json(renderAdminPage(c.get('operations'), page, { status: c.req.query('status') }));
  })
  .get(...endpoint(api.getAdminApplication), async (c) => {
    const { id } = inputOf(c, api.getAdminApplication).param;
    return c.json(
      renderApplication(c.get('operations'), await getApplicationForReview(c.get('deps'), c.get('actor'), id)),
    );
  })
  .patch(...endpoint(api.setApplicationStatus), async (c) => {
    const { param, json } = inputOf(c, api.setApplicationStatus);
    const answer = await setApplicationStatus(c.get('deps'), c.get('actor'), param.id, json);
    return c.json(renderApplication(c.get('operations'), answer));
  })
  .patch(...endpoint(api.reviewApplicationDocument), async (c) => {
    const { param, json } = inputOf(c, api.reviewApplicationDocument);
    const answer = await reviewDocument(c.get('deps'), c.get('actor'), param.id, json);
    return c.json(renderDocument(c.get('operations'), answer));
  });
