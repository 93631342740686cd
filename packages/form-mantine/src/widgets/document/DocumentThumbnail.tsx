import { Image } from '@mantine/core';
import type { StoredDocument } from '../../types';
import { DEFAULT_DOCUMENT_IMAGE } from './defaultImage';
import { isImageExtension } from './uploadRules';

export interface DocumentThumbnailProps {
  /** The stored document. Required. */
  doc: StoredDocument;
  /** Where the document can be fetched (`api.documentUrl(doc)`). Required. */
  url: string;
  /** Width and height in px. Default: 40. */
  size?: number;
}

/** A small preview: the image itself for image documents (falling back to the default picture if it fails to load), the default picture otherwise. */
export default function DocumentThumbnail({ doc, url, size = 40 }: DocumentThumbnailProps) {
  const src = isImageExtension(doc.extension) ? url : DEFAULT_DOCUMENT_IMAGE;
  return <Image src={src} fallbackSrc={DEFAULT_DOCUMENT_IMAGE} alt="" w={size} h={size} radius="sm" fit="cover" />;
}
