import {
  type ApplicationDocumentType,
  ApplicationDocumentType as DocumentTypeSchema,
  DocumentUploadInput,
} from '@spotless/sdk/schemas';
import { AppError } from '../contract/errors';
import { issuesToFields } from '../contract/validate';
import type { ImageCleaner } from '../files/image-cleaner';
import {
  checkFile,
  decodeDataUrl,
  JSON_UPLOAD_MAX_BYTES,
  MULTIPART_MAX_BYTES,
  parseMultipart,
  type ReceivedFile,
  readBodyAtMost,
} from '../files/uploads';

/**
 * Reads a document upload in either form the API accepts: the application page's JSON
 * (docs/product/cleaners.md) with the file as a data URL, or multipart/form-data with a `file`
 * part. The body is counted as it arrives and refused past its envelope (413); the file is then
 * checked for size (413) and for type by its bytes (415); an image is decoded and encoded again by
 * `images`. Nothing is stored here.
 */
export async function readDocumentUpload(
  request: Request,
  images: ImageCleaner,
  idleMs?: number,
): Promise<{ documentType: ApplicationDocumentType; file: ReceivedFile }> {
  const contentType = request.headers.get('content-type') ?? '';
  if (/^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i.test(contentType)) {
    const body = await readBodyAtMost(request, JSON_UPLOAD_MAX_BYTES, idleMs);
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(body));
    } catch {
      // The answer every other JSON route gives (the validator's): no field can be named in text that is not JSON.
      throw new AppError(400, 'bad_request', 'Malformed JSON in request body');
    }
    const parsed = DocumentUploadInput.safeParse(json);
    if (!parsed.success) {
      const fields = issuesToFields(parsed.error.issues);
      throw new AppError(400, 'validation_failed', `Invalid request body: ${Object.keys(fields).join(', ')}`, fields);
    }
    const { documentType, fileName, fileUrl } = parsed.data;
    return { documentType, file: await checkFile(fileName, decodeDataUrl(fileUrl, 'fileUrl'), images) };
  }
  if (/^multipart\/form-data\s*;/i.test(contentType)) {
    const form = await parseMultipart(await readBodyAtMost(request, MULTIPART_MAX_BYTES, idleMs), contentType);
    const fields: Record<string, string> = {};
    const documentType = DocumentTypeSchema.safeParse(form.get('documentType'));
    if (!documentType.success) fields.documentType = 'Choose id, insurance, bond, reference_letter or background_check';
    const file = form.get('file');
    if (!(file instanceof File)) fields.file = 'Required';
    const given = form.get('fileName');
    const fileName = (typeof given === 'string' && given.trim() ? given : file instanceof File ? file.name : '').trim();
    if (file instanceof File && (fileName === '' || fileName.length > 255)) {
      fields.fileName = 'The file name must be 1 to 255 characters';
    }
    if (Object.keys(fields).length > 0 || !documentType.success || !(file instanceof File)) {
      throw new AppError(400, 'validation_failed', `Invalid request body: ${Object.keys(fields).join(', ')}`, fields);
    }
    return {
      documentType: documentType.data,
      file: await checkFile(fileName, new Uint8Array(await file.arrayBuffer()), images),
    };
  }
  throw new AppError(
    415,
    'unsupported_media_type',
    'Send the document as JSON (the file as a data URL in fileUrl) or as multipart/form-data (file, documentType)',
  );
}
