/**
 * Spec §4 (visibility) and §5 (validation) of the formalization application,
 * rule by rule, on concrete data: each row starts from a complete valid
 * fixture, changes a few values, and states what must show, hide or fail.
 */
import { describe, expect, it } from 'vitest';
import { check } from '../src/validate/validate';
import { fixture, form, withChanges } from './forms';

const schema = form('formalizacion');
const base = {
  SRL: fixture('formalizacion', 'valid/srl-completa.json'),
  EIRL: fixture('formalizacion', 'valid/eirl-completa.json'),
  PF: fixture('formalizacion', 'valid/pf-completa.json'),
};
const today = '2026-11-23';
const H24 = 'Al seleccionar esta opción su proceso ya no será realizado en 24 horas.';
const REQ = 'Este campo es requerido';

interface Row {
  rule: string;
  from: keyof typeof base;
  set?: Record<string, unknown>;
  visible?: string[];
  hidden?: string[];
  required?: string[];
  notRequired?: string[];
  error?: [string, string];
  noError?: string[];
  warning?: [string, string];
  options?: [string, unknown[]];
}

const socio = (extra: Record<string, unknown>) => ({ tipo_de_accionista: 'persona', tipo_de_cargo: '0', es_socio: false, ...extra });

const table: Row[] = [
  // §4 Trade name
  { rule: 'nombre comercial sí: certificado, vencimiento y titular; oculta el nombre de la empresa', from: 'EIRL', set: { 'datos_solicitud.tienes_nombre_comercial': true },
    visible: ['datos_solicitud.numero_del_certificado_de_nombre_comercial', 'datos_solicitud.fecha_de_vencimiento', 'datos_solicitud.a_nombre_de_quién_se_hizo_el_registro', 'documentos_requeridos.certificado_de_nombre_comercial'],
    hidden: ['datos_solicitud.nombre_de_la_empresa_o_razón_social'] },
  { rule: 'nombre comercial no: nombre de la empresa', from: 'SRL', set: { 'datos_solicitud.tienes_nombre_comercial': false },
    visible: ['datos_solicitud.nombre_de_la_empresa_o_razón_social'],
    hidden: ['datos_solicitud.numero_del_certificado_de_nombre_comercial', 'datos_solicitud.fecha_de_vencimiento', 'documentos_requeridos.certificado_de_nombre_comercial'] },
  // §4 PF
  { rule: 'PF oculta representante, socios, nombre, capital, cuotas, activos, fechas, duración y documentos de estatutos', from: 'PF',
    set: { 'datos_solicitante.distinto_al_representante': true, 'datos_solicitud.tienes_nombre_comercial': false },
    hidden: ['datos_representante', 'propietario_socios', 'datos_solicitud.nombre_de_la_empresa_o_razón_social', 'datos_financieros.capital_aportado_capital_social',
      'datos_financieros.total_cuota', 'datos_financieros.costo_por_cuotas', 'datos_financieros.activos', 'informacion_empresarial.fecha_asamblea_constitutiva',
      'informacion_empresarial.fecha_estatutos', 'informacion_empresarial.duracion_empresa', 'informacion_empresarial.duracion_organo_gestion',
      'documentos_requeridos.cargar_estatutos', 'documentos_requeridos.estatutos', 'documentos_requeridos.asamblea_constitutiva'] },
  { rule: 'PF muestra dirección igual al domicilio, Determinación - Obligaciones y los datos del pago', from: 'PF',
    visible: ['datos_empresa.direccion_misma_que_domicilio', 'determinacion_obligaciones', 'detalles_factura.fecha_de_pago', 'detalles_factura.hora_de_pago', 'detalles_factura.monto_pagado'] },
  { rule: 'no PF oculta Determinación - Obligaciones y los datos del pago', from: 'SRL',
    hidden: ['determinacion_obligaciones', 'datos_empresa.direccion_misma_que_domicilio', 'detalles_factura.fecha_de_pago', 'detalles_factura.monto_pagado'] },
  // §4 EIRL
  { rule: 'EIRL muestra capital, carta bancaria, recibo de tasa y acta notarial', from: 'EIRL',
    visible: ['datos_financieros.capital_aportado_capital_social', 'documentos_requeridos.carta_bancaria_EIRL', 'documentos_requeridos.recibo_de_tasa', 'documentos_requeridos.acta_notarial_y_o_acto_de_declaración_jurada'] },
  { rule: 'EIRL oculta tipo de solicitante (no requerido), fechas de estatutos, costo por cuota, socios y documentos societarios', from: 'EIRL',
    hidden: ['datos_solicitante.tipo_de_solicitante', 'informacion_empresarial.fecha_estatutos', 'informacion_empresarial.fecha_asamblea_constitutiva', 'datos_financieros.costo_por_cuotas',
      'propietario_socios', 'documentos_requeridos.asamblea_constitutiva', 'documentos_requeridos.nomina_de_asistencia', 'documentos_requeridos.lista_de_suscripcion'],
    notRequired: ['datos_solicitante.tipo_de_solicitante'] },
  // §4 SRL documents
  { rule: 'SRL muestra las identidades de los miembros y no la cédula única', from: 'SRL',
    visible: ['documentos_requeridos.cedulas_de_identidad_o_pasaportes_miembros_sociedad'], hidden: ['documentos_requeridos.cedula_de_identidad'] },
  { rule: 'no SRL muestra la cédula única y no la de los miembros', from: 'EIRL',
    visible: ['documentos_requeridos.cedula_de_identidad'], hidden: ['documentos_requeridos.cedulas_de_identidad_o_pasaportes_miembros_sociedad'] },
  // §4 Applicant type
  { rule: 'solicitante empresa: RNC y razón social, sin campos personales ni el interruptor, con representante', from: 'SRL',
    set: { 'datos_solicitante.tipo_de_solicitante': 'empresa' },
    visible: ['datos_solicitante.rnc', 'datos_solicitante.razon_social', 'datos_representante'],
    hidden: ['datos_solicitante.cedula', 'datos_solicitante.nombre', 'datos_solicitante.tipo_de_documentacion_de_identidad', 'datos_solicitante.distinto_al_representante'] },
  { rule: 'solicitante persona física: campos personales, sin RNC ni razón social; sin representante por defecto', from: 'SRL',
    set: { 'datos_solicitante.tipo_de_solicitante': 'persona_fisica_representante', 'datos_solicitante.tipo_de_documentacion_de_identidad': 'cedula' },
    visible: ['datos_solicitante.cedula', 'datos_solicitante.nombre', 'datos_solicitante.apellido', 'datos_solicitante.distinto_al_representante'],
    hidden: ['datos_solicitante.rnc', 'datos_solicitante.razon_social', 'datos_representante'] },
  { rule: 'distinto al representante muestra la sección del representante', from: 'SRL',
    set: { 'datos_solicitante.tipo_de_solicitante': 'persona_fisica_representante', 'datos_solicitante.tipo_de_documentacion_de_identidad': 'cedula', 'datos_solicitante.distinto_al_representante': true },
    visible: ['datos_representante', 'datos_representante.cargar_poder_que_lo_autoriza_como_representante'], required: ['datos_representante.cargar_poder_que_lo_autoriza_como_representante'] },
  { rule: 'sin domicilio en RD muestra la sección del representante', from: 'SRL',
    set: { 'datos_solicitante.tipo_de_solicitante': 'persona_fisica_representante', 'datos_solicitante.tipo_de_documentacion_de_identidad': 'pasaporte', 'datos_solicitante.domicilio_en_rd': false },
    visible: ['datos_representante', 'datos_solicitante.domicilio_en_rd', 'datos_solicitante.pasaporte'], hidden: ['datos_solicitante.cedula'] },
  // §4 Document type
  { rule: 'tipo de documento del representante: solo el número que corresponde (RNC)', from: 'SRL', set: { 'datos_representante.tipo_de_documentacion_de_identidad': 'rnc' },
    visible: ['datos_representante.rnc'], hidden: ['datos_representante.cedula', 'datos_representante.pasaporte', 'datos_representante.ITRF'] },
  { rule: 'tipo de documento del representante: ITRF', from: 'SRL', set: { 'datos_representante.tipo_de_documentacion_de_identidad': 'ITRF' },
    visible: ['datos_representante.ITRF'], hidden: ['datos_representante.cedula', 'datos_representante.rnc'] },
  { rule: 'sin tipo de documento no hay cédula', from: 'SRL', set: { 'datos_representante.tipo_de_documentacion_de_identidad': undefined },
    hidden: ['datos_representante.cedula', 'datos_representante.pasaporte'] },
  // §4 Address, durations, branches, employees, assets
  { rule: 'dirección distinta al domicilio muestra la dirección de la empresa', from: 'PF', set: { 'datos_empresa.direccion_misma_que_domicilio': false },
    visible: ['datos_empresa.provincia', 'datos_empresa.calle'] },
  { rule: 'dirección igual al domicilio la oculta', from: 'PF', set: { 'datos_empresa.direccion_misma_que_domicilio': true }, hidden: ['datos_empresa.provincia', 'datos_empresa.calle'] },
  { rule: 'duración definida muestra los años', from: 'SRL', set: { 'informacion_empresarial.duracion_empresa': 'definida', 'informacion_empresarial.duracion_empresa_anos': 3 },
    visible: ['informacion_empresarial.duracion_empresa_anos'] },
  { rule: 'duración indefinida oculta los años', from: 'SRL', set: { 'informacion_empresarial.duracion_empresa': 'indefinida' }, hidden: ['informacion_empresarial.duracion_empresa_anos'] },
  { rule: 'sucursales no oculta la cuadrícula', from: 'SRL', set: { 'informacion_empresarial.sucursales': false }, hidden: ['informacion_empresarial.listado_sucursales'] },
  { rule: 'sucursales sí la muestra', from: 'SRL', visible: ['informacion_empresarial.listado_sucursales', 'informacion_empresarial.listado_sucursales.0.provincia'] },
  { rule: 'sin empleados oculta las cantidades', from: 'SRL', set: { 'informacion_empresarial.tiene_empleados': false }, hidden: ['informacion_empresarial.cantidad_empleados_permanentes'] },
  { rule: 'bienes raíces sí: aviso, valor y moneda', from: 'SRL', set: { 'datos_financieros.bienes_raices': true, 'datos_financieros.tipo_de_moneda_bienes_raices': 'DOP', 'datos_financieros.valor_de_bienes_raíces': 1 },
    visible: ['datos_financieros.valor_de_bienes_raíces', 'datos_financieros.tipo_de_moneda_bienes_raices'], warning: ['datos_financieros.bienes_raices', H24] },
  { rule: 'activos sí: valor y moneda', from: 'EIRL', set: { 'datos_financieros.activos': true }, visible: ['datos_financieros.valor_de_los_activos', 'datos_financieros.tipo_de_moneda_activos'] },
  { rule: 'posee bienes inmuebles 1 muestra la zona', from: 'PF', set: { 'determinacion_obligaciones.posee_bienes_inmuebles': '1' }, visible: ['determinacion_obligaciones.zona_ubicacion_inmueble'] },
  { rule: 'posee bienes inmuebles 0 oculta la zona', from: 'PF', set: { 'determinacion_obligaciones.posee_bienes_inmuebles': '0' }, hidden: ['determinacion_obligaciones.zona_ubicacion_inmueble'] },
  // §4 Shareholders
  { rule: 'accionista menor de edad: aviso, representante y acta; sin beneficiario, documento ni contacto', from: 'SRL',
    set: { 'propietario_socios.0': socio({ tipo_de_accionista: 'menor_de_edad' }) },
    visible: ['propietario_socios.0.acta_de_nacimiento_representante', 'propietario_socios.0.nombres_representante', 'propietario_socios.0.correo_representante'],
    hidden: ['propietario_socios.0.tipo_de_beneficiario', 'propietario_socios.0.tipo_de_documento_de_identidad', 'propietario_socios.0.numero_de_cedula', 'propietario_socios.0.correo_electronica', 'propietario_socios.0.telefono'],
    warning: ['propietario_socios.0.tipo_de_accionista', H24] },
  { rule: 'accionista persona: campos personales, sin correo del representante', from: 'SRL', set: { 'propietario_socios.0': socio({ tipo_de_documento_de_identidad: 'cedula' }) },
    visible: ['propietario_socios.0.numero_de_cedula', 'propietario_socios.0.nombres', 'propietario_socios.0.estado_civil'],
    hidden: ['propietario_socios.0.correo_representante', 'propietario_socios.0.nombre_empresa'] },
  { rule: 'accionista empresa: campos de empresa y representante, sin documento personal', from: 'SRL', set: { 'propietario_socios.0': socio({ tipo_de_accionista: 'empresa' }) },
    visible: ['propietario_socios.0.nombre_empresa', 'propietario_socios.0.rnc', 'propietario_socios.0.nombres_representante'],
    hidden: ['propietario_socios.0.tipo_de_documento_de_identidad', 'propietario_socios.0.numero_de_cedula', 'propietario_socios.0.pasaporte'] },
  { rule: 'es socio muestra la cantidad de cuotas', from: 'SRL', set: { 'propietario_socios.0.es_socio': true, 'propietario_socios.0.cantidad_de_cuotas': 10 }, visible: ['propietario_socios.0.cantidad_de_cuotas'] },
  { rule: 'no es socio la oculta', from: 'SRL', set: { 'propietario_socios.0.es_socio': false }, hidden: ['propietario_socios.0.cantidad_de_cuotas'] },
  { rule: 'cargo 1 (Presidente) muestra representante TSS', from: 'SRL', set: { 'propietario_socios.0.tipo_de_cargo': '1' }, visible: ['propietario_socios.0.representante_tss'] },
  { rule: 'otro cargo lo oculta', from: 'SRL', set: { 'propietario_socios.0.tipo_de_cargo': '4' }, hidden: ['propietario_socios.0.representante_tss'] },
  { rule: 'cargar estatutos muestra el archivo de estatutos', from: 'SRL', set: { 'documentos_requeridos.cargar_estatutos': true }, visible: ['documentos_requeridos.estatutos'] },
  { rule: 'sin cargar estatutos se oculta', from: 'SRL', set: { 'documentos_requeridos.cargar_estatutos': false }, hidden: ['documentos_requeridos.estatutos'] },
  // §4 Fiscal closing options
  { rule: 'cierre fiscal: cuatro fechas', from: 'SRL', options: ['informacion_empresarial.fecha_cierre_fiscal', ['03-31', '06-30', '09-30', '12-31']] },
  { rule: 'cierre fiscal PF: solo 31 de diciembre', from: 'PF', options: ['informacion_empresarial.fecha_cierre_fiscal', ['12-31']] },
  { rule: 'cierre fiscal PF distinto de 31 de diciembre es un error', from: 'PF', set: { 'informacion_empresarial.fecha_cierre_fiscal': '06-30' },
    error: ['informacion_empresarial.fecha_cierre_fiscal', 'Para persona física la fecha de cierre fiscal debe ser el 31 de diciembre'] },
  // §5
  { rule: 'cédula de 11 dígitos con dígito verificador', from: 'SRL', set: { 'datos_representante.cedula': '40212345673' }, error: ['datos_representante.cedula', 'Cédula inválida'] },
  { rule: 'cédula que empieza por 000', from: 'SRL', set: { 'datos_representante.cedula': '00013918205' }, error: ['datos_representante.cedula', 'Cédula inválida'] },
  { rule: 'RNC de 9 dígitos', from: 'SRL', set: { 'datos_solicitante.rnc': '12345678' }, error: ['datos_solicitante.rnc', 'RNC inválido'] },
  { rule: 'nombre solo letras y espacios', from: 'SRL', set: { 'datos_representante.nombre': 'Juan 2' }, error: ['datos_representante.nombre', 'El nombre solo puede contener letras y espacios'] },
  { rule: 'nombre con tildes, ñ y ü es válido', from: 'SRL', set: { 'datos_representante.nombre': 'Begoña Güell Núñez' }, noError: ['datos_representante.nombre'] },
  { rule: 'correo con formato', from: 'SRL', set: { 'datos_representante.correo_electronico': 'no-es-correo', 'datos_representante.confirmar_correo_electronico': 'no-es-correo' },
    error: ['datos_representante.correo_electronico', 'Insertar un correo electrónico válido'] },
  { rule: 'confirmación de correo igual', from: 'SRL', set: { 'datos_solicitante.confirmar_correo_electronico': 'otro@correo.do' },
    error: ['datos_solicitante.confirmar_correo_electronico', 'Los correos electrónicos no coinciden'] },
  { rule: 'teléfono del solicitante: 10 dígitos como máximo', from: 'SRL', set: { 'datos_solicitante.telefono': '80955512345' }, error: ['datos_solicitante.telefono', 'Debe tener como máximo 10 caracteres'] },
  { rule: 'teléfono con formato (###) ###-####: 10 dígitos', from: 'SRL', set: { 'datos_solicitante.celular': '809555123' }, error: ['datos_solicitante.celular', 'Teléfono inválido, use el formato (###) ###-####'] },
  { rule: 'certificado de 6 caracteres', from: 'SRL', set: { 'datos_solicitud.numero_del_certificado_de_nombre_comercial': '12345' }, error: ['datos_solicitud.numero_del_certificado_de_nombre_comercial', 'Debe tener al menos 6 caracteres'] },
  { rule: 'capital social mínimo 100000', from: 'SRL', set: { 'datos_financieros.capital_aportado_capital_social': 99999.99 }, error: ['datos_financieros.capital_aportado_capital_social', 'El capital social mínimo es RD$ 100,000'] },
  { rule: 'capital social de 100000 es válido', from: 'SRL', set: { 'datos_financieros.capital_aportado_capital_social': 100000 }, noError: ['datos_financieros.capital_aportado_capital_social'] },
  { rule: 'valor de bienes raíces mínimo 0', from: 'SRL', set: { 'datos_financieros.bienes_raices': true, 'datos_financieros.tipo_de_moneda_bienes_raices': 'USD', 'datos_financieros.valor_de_bienes_raíces': -1 },
    error: ['datos_financieros.valor_de_bienes_raíces', 'El valor mínimo no es válido'] },
  { rule: 'inicio de operaciones requerido', from: 'EIRL', set: { 'informacion_empresarial.fecha_inicio_operaciones': undefined }, error: ['informacion_empresarial.fecha_inicio_operaciones', REQ] },
  { rule: 'inicio de operaciones a lo sumo hoy + 60 días (el día 60 vale)', from: 'EIRL', set: { 'informacion_empresarial.fecha_inicio_operaciones': '2027-01-22' }, noError: ['informacion_empresarial.fecha_inicio_operaciones'] },
  { rule: 'inicio de operaciones el día 61 no', from: 'EIRL', set: { 'informacion_empresarial.fecha_inicio_operaciones': '2027-01-23' },
    error: ['informacion_empresarial.fecha_inicio_operaciones', 'La fecha de inicio de operaciones no puede ser posterior al 22/01/2027'] },
  { rule: 'SRL: inicio no anterior a la asamblea', from: 'SRL', set: { 'informacion_empresarial.fecha_asamblea_constitutiva': '2026-11-10', 'informacion_empresarial.fecha_estatutos': '2026-11-01', 'informacion_empresarial.fecha_inicio_operaciones': '2026-11-09' },
    error: ['informacion_empresarial.fecha_inicio_operaciones', 'La fecha de inicio de operaciones no puede ser anterior a la fecha de la primera asamblea constitutiva'] },
  { rule: 'SRL: inicio el mismo día de la asamblea vale', from: 'SRL', set: { 'informacion_empresarial.fecha_asamblea_constitutiva': '2026-11-10', 'informacion_empresarial.fecha_estatutos': '2026-11-01', 'informacion_empresarial.fecha_inicio_operaciones': '2026-11-10' },
    noError: ['informacion_empresarial.fecha_inicio_operaciones'] },
  { rule: 'asamblea a lo sumo hoy + 60 días', from: 'SRL', set: { 'informacion_empresarial.fecha_asamblea_constitutiva': '2027-02-01' },
    error: ['informacion_empresarial.fecha_asamblea_constitutiva', 'La fecha de la asamblea constitutiva no puede ser posterior al 22/01/2027'] },
  { rule: 'estatutos no posteriores a la asamblea', from: 'SRL', set: { 'informacion_empresarial.fecha_asamblea_constitutiva': '2026-11-10', 'informacion_empresarial.fecha_estatutos': '2026-11-11', 'informacion_empresarial.fecha_inicio_operaciones': '2026-11-20' },
    error: ['informacion_empresarial.fecha_estatutos', 'La fecha de los estatutos no puede ser posterior a la fecha de la asamblea constitutiva'] },
  { rule: 'duración del órgano de gestión requerida, mínimo 0', from: 'SRL', set: { 'informacion_empresarial.duracion_organo_gestion': -1 }, error: ['informacion_empresarial.duracion_organo_gestion', 'El valor mínimo no es válido'] },
  { rule: 'años de duración de 1 a 5', from: 'SRL', set: { 'informacion_empresarial.duracion_empresa': 'definida', 'informacion_empresarial.duracion_empresa_anos': 6 },
    error: ['informacion_empresarial.duracion_empresa_anos', 'El valor maximo no es válido'] },
  { rule: 'empleados: masculinos + femeninos = permanentes', from: 'SRL',
    set: { 'informacion_empresarial.cantidad_empleados_permanentes': 10, 'informacion_empresarial.empleados_permanentes_masculinos': 4, 'informacion_empresarial.empleados_permanentes_femeninos': 5 },
    error: ['informacion_empresarial.empleados_permanentes_femeninos', 'La suma de empleados masculinos y femeninos debe ser igual a 10'] },
  { rule: 'empleados: lo mismo para temporales', from: 'SRL',
    set: { 'informacion_empresarial.cantidad_empleados_temporales': 3, 'informacion_empresarial.empleados_temporales_masculinos': 1, 'informacion_empresarial.empleados_temporales_femeninos': 1 },
    error: ['informacion_empresarial.empleados_temporales_femeninos', 'La suma de empleados temporales masculinos y femeninos debe ser igual a 3'] },
  { rule: 'empleados: ningún sexo supera el total', from: 'SRL',
    set: { 'informacion_empresarial.cantidad_empleados_permanentes': 2, 'informacion_empresarial.empleados_permanentes_masculinos': 3, 'informacion_empresarial.empleados_permanentes_femeninos': 0 },
    error: ['informacion_empresarial.empleados_permanentes_masculinos', 'No puede ser mayor que el total de empleados permanentes (2)'] },
  { rule: 'empleados: cantidades mínimo 0', from: 'SRL', set: { 'informacion_empresarial.cantidad_empleados_temporales': -1 }, error: ['informacion_empresarial.cantidad_empleados_temporales', 'El valor mínimo no es válido'] },
  { rule: 'productos: como máximo 5', from: 'SRL', set: { 'actividades_empresariales.productos_y_servicios': Array.from({ length: 6 }, (_, i) => ({ nombre_del_producto_o_servicio: `P${i}` })) },
    error: ['actividades_empresariales.productos_y_servicios', 'Puede agregar como máximo 5 elementos'] },
  { rule: 'bancos: como máximo 5', from: 'SRL', set: { referencias_bancarias: [1, 2, 3, 4, 5, 6].map((n) => ({ nombre_del_banco: n })) }, error: ['referencias_bancarias', 'Puede agregar como máximo 5 elementos'] },
  { rule: 'sucursales: como máximo 5', from: 'SRL', set: { 'informacion_empresarial.listado_sucursales': Array.from({ length: 6 }, () => ({})) },
    error: ['informacion_empresarial.listado_sucursales', 'Puede agregar como máximo 5 elementos'] },
  { rule: 'un banco no se elige dos veces', from: 'SRL', set: { referencias_bancarias: [{ nombre_del_banco: 3 }, { nombre_del_banco: 3 }] }, error: ['referencias_bancarias.1.nombre_del_banco', 'Este banco ya fue seleccionado'] },
  { rule: 'costo por cuota = capital / total de cuotas', from: 'SRL', set: { 'datos_financieros.capital_aportado_capital_social': 100000, 'propietario_socios.0.es_socio': true, 'propietario_socios.0.cantidad_de_cuotas': 3, 'propietario_socios.1.es_socio': false } },
];

describe('spec §4 and §5, rule by rule', () => {
  it.each(table.map((r) => [r.rule, r] as const))('%s', (_, row) => {
    const data = withChanges(base[row.from].data, row.set ?? {});
    const { evaluation, errors } = check(schema, data, { today });
    for (const p of row.visible ?? []) expect(evaluation.visible, `${p} visible`).toContain(p);
    for (const p of row.hidden ?? []) expect(evaluation.visible, `${p} oculto`).not.toContain(p);
    for (const p of row.required ?? []) expect(evaluation.required, `${p} requerido`).toContain(p);
    for (const p of row.notRequired ?? []) expect(evaluation.required, `${p} no requerido`).not.toContain(p);
    if (row.error) expect(errors).toContainEqual({ path: row.error[0], message: row.error[1] });
    for (const p of row.noError ?? []) expect(errors.map((e) => e.path)).not.toContain(p);
    if (row.warning) expect(evaluation.warnings).toContainEqual({ path: row.warning[0], message: row.warning[1] });
    if (row.options) expect(evaluation.options[row.options[0]]).toEqual(row.options[1]);
  });

  it('computes total_cuota and costo_por_cuotas', () => {
    const data = withChanges(base.SRL.data, {
      'datos_financieros.capital_aportado_capital_social': 100000,
      'propietario_socios.0.es_socio': true, 'propietario_socios.0.cantidad_de_cuotas': 2,
      'propietario_socios.1.es_socio': true, 'propietario_socios.1.cantidad_de_cuotas': 1,
    });
    const { evaluation } = check(schema, data, { today });
    expect(evaluation.computed['datos_financieros.total_cuota']).toBe(3);
    expect(evaluation.computed['datos_financieros.costo_por_cuotas']).toBe(33333.33);
  });

  it('only SDQ is a chamber of commerce', () => {
    const data = withChanges(base.SRL.data, { 'datos_solicitud.cámara_de_comercio': 'STI' });
    expect(check(schema, data, { today }).errors).toContainEqual({ path: 'datos_solicitud.cámara_de_comercio', message: 'Seleccione una opción válida' });
  });
});
