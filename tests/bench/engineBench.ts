/** Form engine: first compile, then evaluate + validate of the full SRL application, 1,000 runs. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { check, compileForm, type FormSchema } from '../../packages/form-engine/src/index';
import { fullSrlApplication } from './fullSrlApplication';
import { ms, summarize } from './stats';

export function engineBench(): string[] {
  const text = readFileSync(resolve(import.meta.dirname, '../../schemas/formalizacion/schema.json'), 'utf8');
  const schema = JSON.parse(text) as FormSchema;
  const t0 = performance.now();
  compileForm(schema);
  const compileMs = performance.now() - t0;

  const data = fullSrlApplication();
  const today = '2026-11-23';
  const first = check(schema, data, { today });
  if (!first.valid) throw new Error(`la solicitud de referencia no es válida: ${JSON.stringify(first.errors)}`);
  for (let i = 0; i < 200; i++) check(schema, data, { today }); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const start = performance.now();
    check(schema, data, { today });
    samples.push(performance.now() - start);
  }
  const s = summarize(samples);
  return [
    `motor: primera compilación del formulario            ${ms(compileMs)}`,
    `motor: evaluar + validar SRL (5 socios, 5 bancos, 5 sucursales), 1000 veces: mediana ${ms(s.median)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)} (presupuesto: mediana ≤ 2 ms)`,
    `motor: ${first.evaluation.visible.size} rutas visibles, ${first.evaluation.required.size} requeridas`,
  ];
}
