/** The files module: uploaded documents, checked by content, served through signed links. */
export { filesRoutes } from './files.routes.js';
export { checkDocument, type CheckedFile } from './file-checks.js';
export { createFileLinks, type FileLinks } from './file-links.js';
export { deleteFilesByIds, insertFile } from './files.repository.js';
export { readUploadForm, UPLOAD_LIMITS } from './upload-form.js';
