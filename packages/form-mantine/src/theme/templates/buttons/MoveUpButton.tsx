import type { IconButtonProps } from '@rjsf/utils';
import TextButton from './TextButton';

/** Moves a row up (SchemaForm turns ordering and copying off; the slot exists for other uses of the theme). */
export default function MoveUpButton(props: IconButtonProps) {
  return <TextButton {...props} text="Subir" mantine={{ variant: 'subtle' }} />;
}
