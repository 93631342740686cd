import type { IconButtonProps } from '@rjsf/utils';
import TextButton from './TextButton';

/** Adds a grid row. */
export default function AddButton(props: IconButtonProps) {
  return <TextButton {...props} text="Agregar" mantine={{ variant: 'light' }} />;
}
