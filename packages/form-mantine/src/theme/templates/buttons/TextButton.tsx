import { Button, type ButtonProps } from '@mantine/core';
import type { IconButtonProps } from '@rjsf/utils';

/** RJSF button props rendered as a Mantine button with a visible Spanish label (RJSF-only props are not passed to the DOM). */
export default function TextButton(props: IconButtonProps & { text: string; mantine?: ButtonProps }) {
  const { text, mantine, registry: _registry, uiSchema: _uiSchema, iconType: _iconType, icon: _icon, color: _color, type = 'button', ...rest } = props;
  return (
    <Button type={type} size="sm" {...mantine} {...rest}>
      {text}
    </Button>
  );
}
