/**
 * Sections and grid rows off screen are not laid out, painted or hit-tested
 * (`content-visibility: auto`): with the whole application on one page a
 * keystroke's frame would otherwise walk thousands of boxes. Their content
 * stays in the accessibility tree and in find-in-page; `auto` in the
 * intrinsic size keeps the last measured height, so scrolling does not jump.
 * Popups (select lists, date pickers, dialogs) render in portals, outside the
 * containment.
 */
export const OFFSCREEN_SKIPPED = { contentVisibility: 'auto', containIntrinsicSize: 'auto 480px' } as const;
