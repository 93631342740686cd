import type { Config } from '../../config';
import type { Db } from '../../db/Db';
import type { DocumentStorage } from './DocumentStorage';
import { createLocalStorage } from './localStorage';
import { createPostgresStorage } from './postgresStorage';

/**
 * The document storage DOCUMENT_STORAGE names: UPLOAD_DIR, the database `db`,
 * or the S3_* bucket (the AWS SDK is loaded only then: it costs tens of MB and ms at start).
 */
export async function createDocumentStorage(config: Pick<Config, 'documentStorage' | 'uploadDir' | 's3'>, db: Db): Promise<DocumentStorage> {
  switch (config.documentStorage) {
    case 'postgres':
      return createPostgresStorage(db);
    case 's3':
      if (config.s3 === null) throw new Error('DOCUMENT_STORAGE=s3 sin la configuración S3_*');
      return (await import('./s3Storage')).createS3Storage(config.s3);
    default:
      return createLocalStorage(config.uploadDir);
  }
}
