/** The browser's copies of a citizen's data (issue 25 finding 9): sent before sign-out, forgotten after, never found by another citizen. */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  claimCopies,
  draftCopyKey,
  forgetAllCopies,
  forgetDraftCopies,
  markCopiesOwner,
  registerPendingWork,
  sendPendingWork,
  serverErrorsKey,
  unsentDrafts,
  visitedKey,
  type DraftCopy,
} from './localCopies';

const copy = (form = 'formalizacion'): DraftCopy => ({ version: 3, data: { nombre: 'Carmen' }, form });
const keys = () => [...Object.keys(localStorage), ...Object.keys(sessionStorage)].sort();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

function seed(owner: number | null): void {
  localStorage.setItem(draftCopyKey(7), JSON.stringify(copy()));
  localStorage.setItem(visitedKey(7), '["a"]');
  sessionStorage.setItem(serverErrorsKey(7), '[]');
  localStorage.setItem('session', '{"id":1}');
  localStorage.setItem('visited', 'on');
  markCopiesOwner(owner);
}

describe('forgetting', () => {
  it('removes every copy of every draft and says how many had unsent changes; the prompts and the session are not copies', () => {
    seed(1);
    localStorage.setItem(draftCopyKey(8), JSON.stringify(copy()));
    expect(forgetAllCopies()).toBe(2);
    expect(keys()).toEqual(['session', 'visited']);
  });

  it('one deleted draft takes only its own copies', () => {
    seed(1);
    localStorage.setItem(visitedKey(8), '["b"]');
    forgetDraftCopies(7);
    expect(keys()).toEqual(['copias_de', 'session', 'visited', visitedKey(8)].sort());
  });
});

describe('another citizen signing in', () => {
  it("forgets the copies of someone else, and copies whose owner was never recorded", () => {
    seed(2);
    claimCopies(1);
    expect(unsentDrafts().size).toBe(0);
    seed(null);
    localStorage.removeItem('copias_de');
    claimCopies(1);
    expect(keys()).toEqual(['session', 'visited']);
  });

  it("keeps the citizen's own", () => {
    seed(1);
    claimCopies(1);
    expect(unsentDrafts().get(7)).toEqual(copy());
  });
});

describe('sending what is pending', () => {
  it("sends the mounted forms' changes, then each left-over copy, and removes the copies it sent", async () => {
    seed(1);
    const order: string[] = [];
    const stop = registerPendingWork(async () => {
      order.push('mounted');
      return true;
    });
    const sent: number[] = [];
    await expect(sendPendingWork(async (id, c) => {
      order.push(`copy ${id} ${c.form}`);
      sent.push(id);
    })).resolves.toBe(true);
    stop();
    expect(order).toEqual(['mounted', 'copy 7 formalizacion']);
    expect(localStorage.getItem(draftCopyKey(7))).toBeNull();
  });

  it('a change that cannot be sent keeps its copy and answers false', async () => {
    seed(1);
    await expect(sendPendingWork(() => Promise.reject(new Error('sin conexión')))).resolves.toBe(false);
    expect(unsentDrafts().has(7)).toBe(true);
    const stop = registerPendingWork(async () => false);
    await expect(sendPendingWork(async () => undefined)).resolves.toBe(false);
    stop();
  });

  it('a send that never answers is given up after the time limit', async () => {
    seed(1);
    await expect(sendPendingWork(() => new Promise(() => undefined), 30)).resolves.toBe(false);
    expect(unsentDrafts().has(7)).toBe(true);
  });

  it('a copy without its form (written by an older version of the portal) cannot be sent', async () => {
    localStorage.setItem(draftCopyKey(9), JSON.stringify({ version: 1, data: {} }));
    await expect(sendPendingWork(async () => undefined)).resolves.toBe(false);
  });
});
