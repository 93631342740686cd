import type { Config } from '../../config';
import type { Db } from '../../db/Db';
import type { DocumentStorage } from './DocumentStorage';
import { createLocalStorage } from './localStorage';
import { createPostgresStorage } from './postgresStorage';
import { createS3Storage } from './s3Storage';

/** The document storage DOCUMENT_STORAGE names: UPLOAD_DIR, the database `db`, or the S3_* bucket. */
export function createDocumentStorage(config: Pick<Config, 'documentStorage' | 'uploadDir' | 's3'>, db: Db): DocumentStorage {
  switch (config.documentStorage) {
    case 'postgres':
      return createPostgresStorage(db);
    case 's3':
      if (config.s3 === null) throw new Error('DOCUMENT_STORAGE=s3 sin la configuración S3_*');
      return createS3Storage(config.s3);
    default:
      return createLocalStorage(config.uploadDir);
  }
}
