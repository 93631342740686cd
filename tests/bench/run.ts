/**
 * `npm run bench`: prints the project's performance figures. Nothing here is
 * asserted; budgets are printed beside the figures (docs/architecture.md).
 */
import { engineBench } from './engineBench';
import { serverBench } from './serverBench';
import { catalogueBench } from './catalogueBench';
import { catalogueBrowserBench } from './catalogueBrowserBench';
import { browserBench } from './browserBench';
import { deliveryBench } from './deliveryBench';
import { citizenPagesBench } from './lighthouseBench';
import { paymentsBench } from './paymentsBench';
import { mixedLoadBench } from './mixedLoadBench';

const sections: { name: string; run: () => Promise<string[]> | string[] }[] = [
  { name: 'Motor de formularios', run: engineBench },
  { name: 'API del portal (autocannon)', run: serverBench },
  { name: 'API del catálogo de servicios (autocannon, 1.000 servicios sintéticos; BENCH_SOLO=catalogo)', run: catalogueBench },
  { name: 'Página del catálogo (servidor real, Chromium: LCP con 4G lento y CPU 4×, cambio de filtro; BENCH_SOLO=catalogo)', run: catalogueBrowserBench },
  { name: 'Navegador (Chromium)', run: browserBench },
  { name: 'Entrega de la portada (servidor real, Chromium con 4G lento y CPU 4×)', run: deliveryBench },
  {
    name: 'Entrega de cada página del ciudadano (servidor real, Lighthouse móvil, con sesión donde la página la pide; BENCH_SOLO=lighthouse, LIGHTHOUSE_PAGES=perfil,paso 3:)',
    run: citizenPagesBench,
  },
  { name: 'Pagos (autocannon y tarjetas aprobadas en solicitudes nuevas; BENCH_SOLO=pagos)', run: paymentsBench },
  { name: 'Carga mixta (usuarios virtuales: 1 servidor en base embebida y 3 en PostgreSQL detrás de haproxy; BENCH_SOLO=carga)', run: mixedLoadBench },
];

// BENCH_SOLO=navegador (or motor, api, catalogo, entrega, lighthouse, pagos, carga) runs only the sections whose name contains it.
const only = process.env.BENCH_SOLO?.toLowerCase();
for (const section of sections.filter((s) => !only || s.name.toLowerCase().includes(only))) {
  console.log(`\n== ${section.name} ==`);
  try {
    for (const line of await section.run()) console.log(line);
  } catch (e) {
    console.log(`no se pudo medir: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}
