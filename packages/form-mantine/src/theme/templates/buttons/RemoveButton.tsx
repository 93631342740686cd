import type { IconButtonProps } from '@rjsf/utils';
import TextButton from './TextButton';

/** Removes a grid row. */
export default function RemoveButton(props: IconButtonProps) {
  return <TextButton {...props} text="Eliminar" mantine={{ variant: 'subtle', color: 'red' }} />;
}
