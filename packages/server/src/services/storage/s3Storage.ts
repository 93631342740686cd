import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException,
} from '@aws-sdk/client-s3';
import { STORED_NAME, type DocumentStorage, type StoredObject } from './DocumentStorage';

/** S3-compatible object storage settings (S3_* variables, validated in config.ts). */
export interface S3Config {
  /** Endpoint of an S3-compatible service (MinIO, Ceph...); null: AWS itself, from the region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`) instead of the host name; most self-hosted services need it. */
  forcePathStyle: boolean;
  /** Prepended to every key ('' or ending in '/'), so one bucket can hold several portals or environments. */
  prefix: string;
}

/** How long one request to the object storage may take before it fails (the readiness probe included). */
const REQUEST_TIMEOUT_MS = 30_000;

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}

/**
 * DOCUMENT_STORAGE=s3: one object per document in an S3-compatible bucket
 * (@aws-sdk/client-s3), uploaded as a stream from the staging file with its
 * length and read back as a stream. The national topology: any number of
 * servers, storage that grows and is backed up on its own.
 */
export function createS3Storage(config: S3Config): DocumentStorage {
  const client = new S3Client({
    ...(config.endpoint === null ? {} : { endpoint: config.endpoint }),
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts: 2,
    // Checksums only where S3 requires them: many S3-compatible services do not read the
    // aws-chunked trailers the SDK would otherwise add to every streamed upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { requestTimeout: REQUEST_TIMEOUT_MS, connectionTimeout: 5_000 },
  });
  const Bucket = config.bucket;
  const keyOf = (storedName: string) => config.prefix + storedName;
  return {
    kind: 's3',
    async put(storedName, file, size) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(storedName), Body: createReadStream(file), ContentLength: size, ContentType: 'application/octet-stream' }));
    },
    async open(storedName): Promise<StoredObject | null> {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(storedName) }));
        return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(storedName) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(storedName) }));
    },
    async listOlderThan(ageMs) {
      const cutoff = Date.now() - ageMs;
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: config.prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(config.prefix.length) ?? '';
          if (!STORED_NAME.test(name)) continue;
          if (ageMs > 0 && (object.LastModified === undefined || object.LastModified.getTime() > cutoff)) continue;
          names.push(name);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken !== undefined);
      return names;
    },
    async probe() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async close() {
      client.destroy();
    },
  };
}
