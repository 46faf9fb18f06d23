import type { Selectable } from 'kysely';

/** Uploaded documents, kept in the database so every app instance sees them and one backup holds all. */
export interface FilesTable {
  /** 128 random bits in hex; never derived from the uploaded name. */
  id: string;
  owner_id: number;
  /** The type judged from the bytes, never the one the client claimed. */
  content_type: string;
  size: number;
  /** The uploaded name, cleaned; used only in Content-Disposition. */
  original_name: string;
  data: Buffer;
  created_at: string;
}

export interface FilesTables {
  files: FilesTable;
}

export type FileRow = Selectable<FilesTable>;
