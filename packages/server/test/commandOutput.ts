/** Runs a command (its `run`) as a terminal would, with what it prints (console.log and console.error) captured, in order. */
import { vi } from 'vitest';

export async function runPrinting(command: () => Promise<number>): Promise<{ exit: number; out: string }> {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const err = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  try {
    return { exit: await command(), out: out.join('\n') };
  } finally {
    log.mockRestore();
    err.mockRestore();
  }
}
