/**
 * HEADER_SCRIPT_URL (portal spec §2: an external script supplies the page
 * header). The built-in header shows from the first paint; when shell-config
 * names a script, it is loaded async and may draw the header into the slot
 * (the element whose id the script finds in its `data-slot`). If it draws
 * within HEADER_SCRIPT_TIMEOUT_MS, the slot replaces the built-in header;
 * unset, failing (load error, or loaded without drawing) or slower: the
 * built-in header stays, and anything drawn later is discarded. Nothing
 * else on the page waits for it.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { getShellConfig } from '../../api/shellConfig';

/** How long the external header may take to draw before the built-in one stays for this page life. */
export const HEADER_SCRIPT_TIMEOUT_MS = 3000;

/** The slot's id, also given to the script as `data-slot`. */
export const HEADER_SLOT_ID = 'encabezado-externo';

export interface ExternalHeaderProps {
  /** The built-in header. */
  children: ReactNode;
}

/** The header area: the external header when it arrives in time, else `children`. */
export function ExternalHeader({ children }: ExternalHeaderProps) {
  const slot = useRef<HTMLDivElement>(null);
  const [external, setExternal] = useState(false);

  useEffect(() => {
    const target = slot.current;
    if (!target) return;
    let settled = false;
    let script: HTMLScriptElement | null = null;
    const observer = new MutationObserver(() => {
      if (settled || target.childNodes.length === 0) return;
      settled = true;
      observer.disconnect();
      setExternal(true);
    });
    const giveUp = () => {
      if (settled) return;
      settled = true;
      observer.disconnect();
      // A script that draws after this must not show: the citizen already has the built-in header.
      target.replaceChildren();
      new MutationObserver((_, late) => {
        late.disconnect();
        target.replaceChildren();
      }).observe(target, { childList: true });
    };
    const timer = setTimeout(giveUp, HEADER_SCRIPT_TIMEOUT_MS);
    void getShellConfig().then((config) => {
      if (settled) return;
      if (!config.headerScriptUrl) {
        clearTimeout(timer);
        settled = true;
        return;
      }
      observer.observe(target, { childList: true });
      script = document.createElement('script');
      script.src = config.headerScriptUrl;
      script.async = true;
      script.dataset.slot = HEADER_SLOT_ID;
      script.addEventListener('error', giveUp);
      // Loaded but drew nothing (synchronously): a failure too.
      script.addEventListener('load', () => queueMicrotask(() => target.childNodes.length === 0 && giveUp()));
      document.head.append(script);
    });
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      settled = true;
      script?.remove();
    };
  }, []);

  return (
    <>
      <div id={HEADER_SLOT_ID} ref={slot} hidden={!external} data-external-header={external ? 'activo' : 'inactivo'} />
      {!external && children}
    </>
  );
}
