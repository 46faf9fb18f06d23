/** The files module: uploaded documents, checked by content, served through signed links. */
export { filesRoutes } from './files.routes.js';
export { checkDocument, pngSize, type CheckedFile } from './file-checks.js';
export { createFileLinks, type FileLinks } from './file-links.js';
export { deleteFilesByIds, findFilesByIds, findFileTypes, insertFile } from './files.repository.js';
export { readFileForm, readUploadForm, uploadError, UPLOAD_LIMITS, type FileFieldRule } from './upload-form.js';
