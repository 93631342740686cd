/**
 * lazyPage: the page shows its frame (or the progress bar) while its code
 * loads, then itself; a failed load reaches the error boundary. The page is
 * committed as soon as its code is there: React holds the reveal of a
 * Suspense boundary's content until 300 ms after the last fallback shown or
 * hidden (its own timer), which on a step held the finished page ~200 ms. A
 * page revealed by a boundary shows ~300 ms after its code here (React.lazy
 * did); the test allows 200 ms for a render of one heading.
 */
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadFullStyles } from './fullStyles';
import { resetPageShownForTests, whenPageShown } from './afterFirstPaint';
import { lazyPage } from '../app/lazyPage';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Whether `seen()` comes true within `ms`, polled between tasks. */
async function within(ms: number, seen: () => boolean): Promise<boolean> {
  const end = Date.now() + ms;
  while (!seen()) {
    if (Date.now() > end) return false;
    await new Promise((done) => setImmediate(done));
  }
  return true;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>falló: {this.state.error}</p> : this.props.children;
  }
}

const Frame = () => <h2>Marco del paso</h2>;
const Content = () => <h2>Contenido del paso</h2>;

// Every page's load also waits for Mantine's full style sheet: loaded once, before the clock matters.
beforeAll(() => loadFullStyles());

describe('lazyPage', () => {
  it('shows the frame, then the page as soon as its code arrives, though another boundary has just shown and hidden its fallback', async () => {
    const code = deferred<{ StepPage: typeof Content }>();
    const Page = lazyPage(() => code.promise, 'StepPage', Frame);
    // The header's menu: its own boundary, whose code arrives at the same moment.
    const menuCode = deferred<{ default: () => ReactNode }>();
    const Menu = lazy(() => menuCode.promise);
    render(
      <Suspense fallback={<p>cargando todo</p>}>
        <Suspense fallback={<p>menú…</p>}>
          <Menu />
        </Suspense>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Marco del paso' })).toBeTruthy();
    menuCode.resolve({ default: () => <p>menú</p> });
    code.resolve({ StepPage: Content });
    expect(await within(200, () => screen.queryByRole('heading', { name: 'Contenido del paso' }) !== null)).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Marco del paso' })).toBeNull();
    expect(screen.queryByText('cargando todo')).toBeNull();
  });

  it('without a frame shows the progress bar meanwhile; once loaded, a new mount shows the page at once', async () => {
    const code = deferred<{ ListPage: typeof Content }>();
    const Page = lazyPage(() => code.promise, 'ListPage');
    const first = render(<Page />);
    expect(screen.getByRole('progressbar', { name: 'Cargando la página' })).toBeTruthy();
    code.resolve({ ListPage: Content });
    await screen.findByRole('heading', { name: 'Contenido del paso' });
    expect(screen.queryByRole('progressbar')).toBeNull();
    first.unmount();
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Contenido del paso' })).toBeTruthy();
  });

  it('a load that fails goes to the error boundary; the next mount tries again', async () => {
    let attempt = 0;
    const Page = lazyPage(() => {
      attempt += 1;
      return attempt === 1 ? Promise.reject(new Error('sin red')) : Promise.resolve({ ListPage: Content });
    }, 'ListPage');
    // importWithReload reloads once on a failed chunk; a flag already set means it already did.
    sessionStorage.setItem('portal:recarga-por-version', '1');
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = render(<Boundary><Page /></Boundary>);
    await screen.findByText('falló: sin red');
    spy.mockRestore();
    first.unmount();
    render(<Page />);
    await screen.findByRole('heading', { name: 'Contenido del paso' });
    expect(attempt).toBe(2);
  });

  it('the visit\'s first page is shown when its code is drawn, or, for a page that says so itself, when it says so', async () => {
    for (const showsItself of [false, true]) {
      resetPageShownForTests();
      const shown = vi.fn();
      whenPageShown(shown);
      const code = deferred<{ ListPage: typeof Content }>();
      const Page = lazyPage(() => code.promise, 'ListPage', undefined, { showsItself });
      const view = render(<Page />);
      code.resolve({ ListPage: Content });
      await screen.findByRole('heading', { name: 'Contenido del paso' });
      // After the page's frame and a moment (whenPageShown's settling).
      expect(await within(1000, () => shown.mock.calls.length > 0), `showsItself ${showsItself}`).toBe(!showsItself);
      view.unmount();
    }
    resetPageShownForTests();
  });
});
