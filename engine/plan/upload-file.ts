/** engine/plan: the uid of the upload plugin's file type, which media attributes point to. */
export const UPLOAD_FILE = 'plugin::upload.file';
