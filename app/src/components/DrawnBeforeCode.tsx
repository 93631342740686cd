/**
 * What a page's frame draws from its data while the page's code is on its way (RequestFrame, ProfileFrame,
 * ConfirmationFrame), with the page's own components: inert and hidden from assistive technology (the page
 * replaces it as soon as it arrives, and focus or a screen reader's place inside it would be lost then), and
 * below it a loader that says what is loading. Stacked with the page's gap, so what is drawn sits where the
 * page puts it. `data-drawn-before-code` marks it (the browser checks find it by that).
 */
import type { ReactNode } from 'react';
import { Loader, Stack, type MantineSpacing } from '@mantine/core';

/** `gap`: the page's own (default `lg`). */
export function DrawnBeforeCode({ loading, gap = 'lg', children }: { loading: string; gap?: MantineSpacing; children: ReactNode }) {
  return (
    <Stack gap={gap}>
      <Stack gap={gap} inert aria-hidden="true" data-drawn-before-code="">
        {children}
      </Stack>
      <Loader role="progressbar" aria-label={loading} />
    </Stack>
  );
}
