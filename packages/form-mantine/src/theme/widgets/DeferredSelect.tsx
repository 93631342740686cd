import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Select, type SelectProps } from '@mantine/core';
import { SelectStandIn, type SelectStandInProps } from './SelectStandIn';
import { onDrawnOffscreen, skippedOffscreen } from '../templates/offscreen';

/**
 * A Mantine Select drawn first as a stand-in of the same look (Mantine's
 * input markup, InputField, with its chevron, the chosen option's label, the
 * combobox's roles),
 * and made the real Select a few at a time when the browser is idle, or at
 * once when the pointer comes over it or it takes the focus (which then
 * moves to the real one).
 *
 * Why: each Mantine Select is a Combobox on a Popover, and a Popover keeps
 * its anchor in state, set from a ref when it mounts (floating-ui and
 * Mantine's click-outside each); every one of them is drawn a second time,
 * synchronously, in the task that mounts it. On the partners' step (~35
 * selects) that second drawing was most of the step's longest task (~225 of
 * ~300 ms with the CPU 4× slower, a CPU profile of a cold load). The
 * stand-ins mount in that task instead; the Selects come in tasks of a few.
 *
 * Only in the built portal (import.meta.env.PROD, and a browser with idle
 * callbacks): the components' tests in jsdom use the Select as it is (but
 * DeferredSelect.test.tsx, which turns it on); the browser tests (tests/e2e)
 * use the built portal, stand-ins included.
 */
let defer = import.meta.env.PROD && typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function';

/** For tests: stand-ins first (true) or the Select at once. */
export function deferSelectsForTests(on: boolean): void {
  defer = on;
}

/** Stand-ins waiting to become Selects, in mounting order, with their input's id. */
const waiting = new Map<() => void, string | undefined>();
/**
 * Selects made per idle moment: ~3–4 ms each with the CPU 4× slower (a slow phone), so a moment's work
 * stays well under the 50 ms of a long task.
 */
const PER_TASK = 2;
let scheduled = false;
let listening = false;

/**
 * Whether the stand-in sits in a grid row or section the browser skips (off screen: offscreen.ts). Such
 * a stand-in waits until its row is drawn: each stand-in that becomes a Select replaces an `<input>`,
 * and 100 ms later Chromium's autofill asks every field of the page whether it can take the focus,
 * which lays out each skipped row again (~20 ms a row with the CPU 4× slower; on the partners' step,
 * nine such rounds while it loaded). A row's stand-ins still become Selects at once when one takes the
 * focus or the pointer comes over it.
 */
function waitsForItsRow(id: string | undefined): boolean {
  const input = id ? document.getElementById(id) : null;
  return input !== null && skippedOffscreen(input);
}

function scheduleUpgrades(): void {
  if (scheduled || waiting.size === 0) return;
  if (!listening) {
    listening = true;
    // A row the browser now draws: its stand-ins' turn.
    onDrawnOffscreen(document, scheduleUpgrades);
  }
  scheduled = true;
  window.requestIdleCallback(
    () => {
      scheduled = false;
      let made = 0;
      let left = false;
      for (const [upgrade, id] of waiting) {
        if (made >= PER_TASK) {
          left = true;
          break;
        }
        if (waitsForItsRow(id)) continue;
        waiting.delete(upgrade);
        upgrade();
        made++;
      }
      // Only stand-ins in skipped rows left: they wait for their row (onRowState).
      if (left) scheduleUpgrades();
    },
    { timeout: 1000 },
  );
}

/** The chosen option's label, which the stand-in shows. */
function chosenLabel(props: SelectProps): string {
  const chosen = ((props.data ?? []) as readonly unknown[]).find(
    (item): item is { value: string; label: string } => typeof item === 'object' && item !== null && (item as { value?: unknown }).value === props.value,
  );
  return chosen?.label ?? '';
}

export function DeferredSelect(props: SelectProps) {
  const [live, setLive] = useState(() => !defer);
  // Focused while a stand-in: the real input takes the focus when it replaces it.
  const focusWhenLive = useRef(false);

  useEffect(() => {
    if (live) return;
    const upgrade = () => setLive(true);
    waiting.set(upgrade, props.id);
    scheduleUpgrades();
    return () => {
      waiting.delete(upgrade);
    };
  }, [live, props.id]);

  useLayoutEffect(() => {
    if (!live || !focusWhenLive.current) return;
    focusWhenLive.current = false;
    if (props.id) document.getElementById(props.id)?.focus();
  }, [live, props.id]);

  if (live) return <Select {...props} />;

  const now = (focus: boolean) => {
    focusWhenLive.current = focus;
    // Before the pointer's press (or the keys after the focus) reaches anything: the Select is there for them.
    flushSync(() => setLive(true));
  };
  return (
    <SelectStandIn
      id={props.id ?? ''}
      label={props.label}
      description={props.description}
      error={props.error}
      withAsterisk={props.withAsterisk}
      disabled={props.disabled}
      // The widgets pass the read-only look as plain input styles (useField's READ_ONLY_STYLES).
      styles={props.styles as SelectStandInProps['styles']}
      value={chosenLabel(props)}
      placeholder={props.placeholder}
      loading={props.loading}
      aria-required={props['aria-required']}
      aria-busy={props['aria-busy']}
      onFocus={() => now(true)}
      onPointerEnter={() => now(false)}
    />
  );
}
