// The files module's public face for other modules: storing uploaded files, reading multipart
// forms, and writing invoices and credit notes. Other modules import from here only, so the
// module keeps its inner layout to itself.
export {
  createDocumentQueue,
  createDocumentWriter,
  createRenderDocumentJob,
  DEMO_DOCUMENT_SELLER,
  type DocumentSeller,
  type DocumentWriter,
  PAYMENT_TERM_DAYS,
  RENDER_DOCUMENT_JOB,
} from './documents.ts';
export { FILE_DELETE_JOB, queueFileDeletes } from './file-jobs.ts';
export { moveCompanyDocument, storeFile } from './file-store.ts';
export {
  FILE_NAME_TYPE_MESSAGE,
  FILE_TYPE_MESSAGE,
  formParts,
  type MultipartForm,
  readMultipartForm,
} from './multipart.ts';
export { type RawUpload, readRawUpload } from './raw-upload.ts';
export {
  readTextUpload,
  recordTextUpload,
  TEXT_FILE_NAME_MESSAGE,
  TEXT_FILE_TYPE_MESSAGE,
  type TextUpload,
} from './text-upload.ts';
