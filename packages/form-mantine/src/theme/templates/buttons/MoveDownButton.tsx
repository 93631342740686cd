import type { IconButtonProps } from '@rjsf/utils';
import TextButton from './TextButton';

/** Moves a row down (SchemaForm turns ordering and copying off; the slot exists for other uses of the theme). */
export default function MoveDownButton(props: IconButtonProps) {
  return <TextButton {...props} text="Bajar" mantine={{ variant: 'subtle' }} />;
}
