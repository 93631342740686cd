import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * The route-change progress bar: a thin bar at the top of the window while a
 * lazy page loads. It is the routes' Suspense fallback, so it exists exactly
 * while a page's code is on its way. Its length is not known (a download),
 * so it creeps towards 90% and is removed when the page arrives.
 * (@mantine/nprogress is not published for this Mantine version.)
 */
export function RouteProgress() {
  const [value, setValue] = useState(10);
  useEffect(() => {
    const timer = setInterval(() => setValue((v) => Math.min(90, v + (90 - v) * 0.15)), 200);
    return () => clearInterval(timer);
  }, []);
  return createPortal(
    <div className="route-progress" role="progressbar" aria-label="Cargando la página" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(value)}>
      <div className="route-progress-bar" style={{ width: `${value}%` }} />
    </div>,
    document.body,
  );
}
