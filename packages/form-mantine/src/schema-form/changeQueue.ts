/**
 * Where a SchemaForm's changes go. A change shows at once (the store gets the
 * new data and wakes only the fields whose values changed), and the engine
 * pass (dependent selects reset, rules, validation, computed values) and the
 * app's onChange follow:
 *
 * - in the same frame, when passes take at most `sameFrameBudgetMs` (a
 *   running average, so one slow pass does not flip the mode): the pass is
 *   incremental (a key re-runs only the rules reading what it changed), so
 *   on a good phone it costs well under a millisecond, and the key, its rules
 *   and its errors are painted together;
 * - right after the browser has painted the key's frame otherwise (a pass
 *   that got slow: a large grid changed, a slow phone), so typing never waits
 *   for it. Keys typed before then share one pass. The first pass (code not
 *   yet optimized by the browser) is always of this kind.
 *
 * Anything that acts on the verdict must come after it: `flush()` runs a
 * waiting pass at once. SchemaForm flushes when a field loses focus, on Tab
 * (before the browser picks the next field, so a field the last key showed can
 * take focus), when a pointer goes down anywhere on the page (before the click
 * of "Siguiente"), when an option is chosen, on submit and on unmount.
 */
import type { FormSchema } from '@portal/form-engine';
import { setAt } from '../data/paths';
import { shareStructure } from '../data/shareStructure';
import type { FormStore } from '../field-state/FormStore';
import { processChange, type CheckedDraft } from './runCheck';

type Data = Record<string, unknown>;

/** Schedules `run` once; returns a function that cancels it. */
export type Scheduler = (run: () => void) => () => void;

let channel: MessageChannel | null = null;
const afterPaintQueue: (() => void)[] = [];

/**
 * Runs `fn` right after the next frame is painted: a message posted from a
 * requestAnimationFrame callback is handled after that frame's style, layout
 * and paint. Without frames (a hidden tab, no DOM) a 100 ms timer runs it.
 */
export const afterNextPaint: Scheduler = (fn) => {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    fn();
  };
  const timer = setTimeout(run, 100);
  let frame: number | undefined;
  if (typeof requestAnimationFrame === 'function' && typeof MessageChannel === 'function') {
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => afterPaintQueue.splice(0).forEach((f) => f());
    }
    const port = channel.port2;
    frame = requestAnimationFrame(() => {
      afterPaintQueue.push(run);
      port.postMessage(null);
    });
  }
  return () => {
    done = true;
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
};

/**
 * Passes that take at most this long (on average) run in the frame of the change that needs them (see
 * above). Measured on the full SRL application: ~0.6–1 ms on a desktop core, ~3–4 ms with the CPU 4×
 * slower; a slow phone then keeps the key's frame for the key and sees the verdict one frame later.
 */
export const SAME_FRAME_BUDGET_MS = 2;
/** Weight of the newest pass in the running average of pass times. */
const AVERAGE_WEIGHT = 0.3;

/** How a queue times its passes (tests drive both by hand). */
export interface ChangeQueueTiming {
  /** Runs a deferred pass after the next paint. Default: afterNextPaint. */
  schedule?: Scheduler;
  /** A pass that took at most this long runs in the change's own frame; 0: never. Default: SAME_FRAME_BUDGET_MS. */
  sameFrameBudgetMs?: number;
  /** The clock passes are timed with. Default: performance.now. */
  now?: () => number;
}

export interface ChangeQueueConfig {
  schema: FormSchema;
  today: string | undefined;
  onChange(result: CheckedDraft): void;
}

export class ChangeQueue {
  /** The newest draft, with changes the engine has not seen yet. */
  latest: Data;
  /** The draft of the last engine pass (what changed since is compared against it). */
  private base: Data;
  /** The last pass this queue handed to the app: reused when the app hands its data back. */
  produced: CheckedDraft | null = null;
  /** Every draft this queue handed to the app (the app may render an older one after a newer pass). */
  private ours = new WeakSet<Data>();
  /** The data the app last handed in. */
  private received: Data;
  private cancel: (() => void) | null = null;
  config: ChangeQueueConfig;
  store: FormStore | null = null;
  private schedule: Scheduler;
  private sameFrameBudgetMs: number;
  private now: () => number;
  /** Running average of how long passes take; null before the first. */
  passMs: number | null = null;

  constructor(data: Data, config: ChangeQueueConfig, timing: ChangeQueueTiming = {}) {
    this.latest = this.base = this.received = data;
    this.config = config;
    this.schedule = timing.schedule ?? afterNextPaint;
    this.sameFrameBudgetMs = timing.sameFrameBudgetMs ?? SAME_FRAME_BUDGET_MS;
    this.now = timing.now ?? (() => performance.now());
  }

  /** A pass is waiting. */
  get pending(): boolean {
    return this.cancel !== null;
  }

  /** Sets values (dot path -> value; undefined removes): shown now, checked in this frame or after the next paint. */
  set(changes: Record<string, unknown>): void {
    let next = this.latest;
    for (const [path, value] of Object.entries(changes)) next = setAt(next, path, value);
    next = shareStructure(this.latest, next);
    if (next === this.latest) return;
    this.latest = next;
    this.store?.setData(next);
    if (this.cancel === null && this.passMs !== null && this.passMs <= this.sameFrameBudgetMs) {
      this.run();
      return;
    }
    this.cancel ??= this.schedule(() => {
      this.cancel = null;
      this.run();
    });
  }

  /** Runs the waiting pass now, if any. */
  flush(): void {
    if (!this.cancel) return;
    this.cancel();
    this.cancel = null;
    this.run();
  }

  private run(): void {
    const { schema, today, onChange } = this.config;
    const start = this.now();
    const result = processChange(schema, this.base, this.latest, today);
    this.produced = result;
    this.ours.add(result.data);
    this.base = this.latest = result.data;
    // Computed totals and emptied dependent selects show at once, before the app hands the data back.
    this.store?.setData(result.data);
    const took = this.now() - start;
    this.passMs = this.passMs === null ? took : this.passMs + AVERAGE_WEIGHT * (took - this.passMs);
    onChange(result);
  }

  /**
   * The app handed in `data`. Its own copy of what this queue produced keeps
   * any newer local changes; anything else (a draft loaded from the server)
   * replaces the draft, and a waiting pass is dropped.
   */
  receive(data: Data): void {
    if (data === this.received) return;
    this.received = data;
    if (this.ours.has(data)) return;
    this.cancel?.();
    this.cancel = null;
    this.produced = null;
    this.latest = this.base = data;
  }
}
