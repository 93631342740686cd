import type { IconButtonProps } from '@rjsf/utils';
import TextButton from './TextButton';

/** Clears an input (SchemaForm turns ordering and copying off; the slot exists for other uses of the theme). */
export default function ClearButton(props: IconButtonProps) {
  return <TextButton {...props} text="Limpiar" mantine={{ variant: 'subtle' }} />;
}
