import { useEffect, useRef, type ComponentType } from 'react';
import type { ModalContentProps } from '../../../modals/modalContent';

/**
 * One account modal replaces another inside the same dialog, and Mantine's
 * focus trap only places focus when the dialog opens: the control that had it
 * (the button just pressed) is gone, and focus would fall to the page. So each
 * content, once mounted, moves focus to its `data-autofocus` control (else
 * its first control) unless focus is in it already.
 */
export function withFocusOnMount(Content: ComponentType<ModalContentProps>): ComponentType<ModalContentProps> {
  function Focused(props: ModalContentProps) {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const root = ref.current;
      if (!root || root.contains(document.activeElement)) return;
      const target = root.querySelector<HTMLElement>('[data-autofocus]') ?? root.querySelector<HTMLElement>('input, button, a[href]');
      target?.focus();
    }, []);
    return (
      <div ref={ref}>
        <Content {...props} />
      </div>
    );
  }
  Focused.displayName = `withFocusOnMount(${Content.displayName ?? Content.name})`;
  return Focused;
}
