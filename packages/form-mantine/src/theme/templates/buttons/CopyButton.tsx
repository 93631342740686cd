import type { IconButtonProps } from '@rjsf/utils';
import TextButton from './TextButton';

/** Copies a row (SchemaForm turns ordering and copying off; the slot exists for other uses of the theme). */
export default function CopyButton(props: IconButtonProps) {
  return <TextButton {...props} text="Copiar" mantine={{ variant: 'subtle' }} />;
}
