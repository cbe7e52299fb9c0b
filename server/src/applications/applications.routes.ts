import { type Context, Hono } from 'hono';
import { getActor, getUser, isAdmin, requireAdmin, requireUser, unauthorized } from '../auth/guards';
import type { AppEnv } from '../deps';
import { endpoint, inputOf } from '../lib/operations';
import { attachmentDisposition } from '../lib/uploads';
import type { ApplicationViewer } from './application-rules';
/** The signed-in user and/or the admin session; 401 with neither. */
import { applicationsApi as api } from './applications.openapi';
import {
  renderAdminPage,
  renderApplication,
  renderDocument,
  renderDocumentList,
  renderOwnApplications,
} from './applications.resource';
import {
  assertMayUpload,
  deleteDocument,
  getApplication,
  getApplicationForReview,
  getDocument,
  listAdminApplications,
  listApplicationDocuments,
  listOwnApplications,
  openDocumentFile,
  reviewDocument,
  setApplicationStatus,
  submitApplication,
  uploadDocument,
} from './applications.service';
import { readDocumentUpload } from './document-upload';

function viewerOf(c: Context<AppEnv>): ApplicationViewer {
  const user = getUser(c);
  if (!user && !isAdmin(c)) throw unauthorized();
  return { userId: user?.id ?? getActor(c).userId, isAdmin: isAdmin(c) };
}

/** A signed-in user (401 otherwise), who may also hold an admin session. */
function userViewerOf(c: Context<AppEnv>): ApplicationViewer {
  return { userId: requireUser(c).id, isAdmin: isAdmin(c) };
}

/** The admin session (401 signed out, 403 for anyone else), named for the audit log (decision 030). */
function adminViewerOf(c: Context<AppEnv>): ApplicationViewer {
  return { userId: requireAdmin(c).userId, isAdmin: true };
}

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
  .get(...endpoint(api.listApplications), async (c) => {
    const user = requireUser(c);
    return c.json(renderOwnApplications(c.var.operations, await listOwnApplications(c.var.deps, user.id)));
  })
  .post(...endpoint(api.submitApplication), async (c) => {
    const user = requireUser(c);
    const answer = await submitApplication(c.var.deps, { userId: user.id }, inputOf(c, api.submitApplication).json);
    return c.json(renderApplication(c.var.operations, answer), 201);
  })
  .get(...endpoint(api.getApplication), async (c) =>
    c.json(
      renderApplication(
        c.var.operations,
        await getApplication(c.var.deps, viewerOf(c), inputOf(c, api.getApplication).param.id),
      ),
    ),
  )
  .get(...endpoint(api.listApplicationDocuments), async (c) => {
    const { application } = await listApplicationDocuments(
      c.var.deps,
      viewerOf(c),
      inputOf(c, api.listApplicationDocuments).param.id,
    );
    return c.json(renderDocumentList(c.var.operations, application));
  })
  .post(...endpoint(api.uploadApplicationDocument), async (c) => {
    const viewer = userViewerOf(c);
    const { id } = inputOf(c, api.uploadApplicationDocument).param;
    const { deps } = c.var;
    // Checked before the body is read: a stranger's bytes are never taken in.
    await assertMayUpload(deps, viewer, id);
    const answer = await uploadDocument(deps, viewer, id, await readDocumentUpload(c.req.raw));
    return c.json(renderDocument(c.var.operations, answer), 201);
  });

/** `/api/documents`: one document, its file, and its removal. */
export const documentsRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.getApplicationDocument), async (c) =>
    c.json(
      renderDocument(
        c.var.operations,
        await getDocument(c.var.deps, viewerOf(c), inputOf(c, api.getApplicationDocument).param.id),
      ),
    ),
  )
  .get(...endpoint(api.downloadApplicationDocument), async (c) => {
    const { document, file } = await openDocumentFile(
      c.var.deps,
      viewerOf(c),
      inputOf(c, api.downloadApplicationDocument).param.id,
    );
    return c.body(file.body, 200, FILE_HEADERS(document.mimeType, document.fileName, file.size));
  })
  .delete(...endpoint(api.deleteApplicationDocument), async (c) =>
    c.json(
      renderApplication(
        c.var.operations,
        await deleteDocument(c.var.deps, userViewerOf(c), inputOf(c, api.deleteApplicationDocument).param.id),
      ),
    ),
  );

/** `/api/admin/...`: the administrators' review of applications and documents. */
export const adminApplicationsRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.listAdminApplications), async (c) => {
    const viewer = adminViewerOf(c);
    const query = inputOf(c, api.listAdminApplications).query;
    const page = await listAdminApplications(c.var.deps, viewer, query);
    return c.json(renderAdminPage(c.var.operations, page, { status: c.req.query('status') }));
  })
  .get(...endpoint(api.getAdminApplication), async (c) => {
    const viewer = adminViewerOf(c);
    return c.json(
      renderApplication(
        c.var.operations,
        await getApplicationForReview(c.var.deps, viewer, inputOf(c, api.getAdminApplication).param.id),
      ),
    );
  })
  .patch(...endpoint(api.setApplicationStatus), async (c) => {
    const viewer = adminViewerOf(c);
    const answer = await setApplicationStatus(
      c.var.deps,
      viewer,
      inputOf(c, api.setApplicationStatus).param.id,
      inputOf(c, api.setApplicationStatus).json,
    );
    return c.json(renderApplication(c.var.operations, answer));
  })
  .patch(...endpoint(api.reviewApplicationDocument), async (c) => {
    const viewer = adminViewerOf(c);
    const answer = await reviewDocument(
      c.var.deps,
      viewer,
      inputOf(c, api.reviewApplicationDocument).param.id,
      inputOf(c, api.reviewApplicationDocument).json,
    );
    return c.json(renderDocument(c.var.operations, answer));
  });
