/**
 * Build-time stand-in for markdown-to-jsx (used by RJSF only when a uiSchema
 * enables markdown, which our forms never do): texts are shown as written.
 * Saves the markdown parser from the application bundle.
 */
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <span>{children}</span>;
}

export default Markdown;
