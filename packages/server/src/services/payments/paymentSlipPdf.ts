/**
 * The payment slip («Volante de pago») of an authorization number, as a PDF
 * made on the server (pdf-lib, the PDF's standard Helvetica: nothing to embed,
 * nothing added to the browser's bundle): the portal's name, the number, the
 * amount, the concept, the agency, the request, the date and the bank's
 * instructions, on one Letter page.
 */
import { formatPesos, type PaymentCode } from '@portal/api-contract';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { PORTAL_NAME } from '../requests/requestStore';

const PAGE = { width: 612, height: 792 } as const;
const MARGIN = 56;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.33, 0.36, 0.4);
const BRAND = rgb(0, 0.22, 0.46);

/** The slip's file name (the Content-Disposition of its route). */
export function paymentSlipFileName(code: string): string {
  return `comprobante-de-pago-${code}.pdf`;
}

/** A date and time in Santo Domingo's zone, as the portal shows them. */
export function slipDate(isoDate: string): string {
  return new Intl.DateTimeFormat('es-DO', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Santo_Domingo' }).format(new Date(isoDate));
}

/** Text Helvetica's WinAnsi encoding can write (Intl's narrow spaces become spaces; anything else unknown a '?'). */
function printable(text: string): string {
  return text.replace(/[\u202f\u2009]/g, ' ').replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, '?');
}

/** Lines of at most `width` points. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes down the page, top to bottom. */
class Cursor {
  y = PAGE.height - MARGIN;
  constructor(
    private readonly page: PDFPage,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {}

  text(text: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number; gap?: number; marker?: string } = {}): void {
    const size = options.size ?? 11;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const x = MARGIN + (options.indent ?? 0);
    wrap(text, font, size, PAGE.width - MARGIN - x).forEach((line, n) => {
      this.y -= size * 1.35;
      // A list's number hangs left of its text.
      if (n === 0 && options.marker) this.page.drawText(options.marker, { x: MARGIN, y: this.y, size, font, color: options.color ?? INK });
      this.page.drawText(line, { x, y: this.y, size, font, color: options.color ?? INK });
    });
    this.y -= options.gap ?? 0;
  }

  row(label: string, value: string): void {
    const size = 11;
    this.y -= size * 1.6;
    this.page.drawText(printable(label), { x: MARGIN, y: this.y, size, font: this.fonts.regular, color: MUTED });
    const lines = wrap(value, this.fonts.bold, size, PAGE.width - 2 * MARGIN - 150);
    lines.forEach((line, n) => {
      if (n > 0) this.y -= size * 1.35;
      this.page.drawText(line, { x: MARGIN + 150, y: this.y, size, font: this.fonts.bold, color: INK });
    });
  }

  rule(): void {
    this.y -= 12;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE.width - MARGIN, y: this.y }, thickness: 0.75, color: MUTED });
    this.y -= 4;
  }
}

/** The slip of `slip` as PDF bytes. */
export async function paymentSlipPdf(slip: PaymentCode, now = new Date()): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Volante de pago ${slip.code}`);
  pdf.setAuthor(PORTAL_NAME);
  pdf.setSubject(`Solicitud ${slip.request_code}: ${slip.concept}`);
  pdf.setLanguage('es-DO');
  pdf.setCreator(PORTAL_NAME);
  pdf.setProducer(PORTAL_NAME);
  pdf.setCreationDate(now);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const c = new Cursor(page, fonts);

  c.text(PORTAL_NAME, { size: 12, bold: true, color: BRAND });
  c.text('República Dominicana', { size: 10, color: MUTED, gap: 10 });
  c.text('Volante de pago', { size: 22, bold: true, gap: 4 });
  c.text('Pago por transferencia o depósito bancario', { size: 11, color: MUTED });
  if (slip.sandbox) c.text('Entorno de prueba: la cuenta es ficticia y no se cobra nada.', { size: 10, bold: true, color: rgb(0.6, 0.25, 0), gap: 0 });
  c.rule();

  c.text('Número de autorización', { size: 11, color: MUTED, gap: 2 });
  c.text(slip.code.replace(/^(\d{3})(\d{4})(\d{4})$/, '$1 $2 $3'), { size: 28, bold: true, gap: 2 });
  c.text(`Escríbalo sin espacios: ${slip.code}`, { size: 9, color: MUTED });
  c.rule();

  c.row('Monto a pagar', formatPesos(slip.amount));
  c.row('Concepto', slip.concept);
  c.row('Institución', slip.agency);
  c.row('Solicitud', slip.request_code);
  c.row('Número generado el', slipDate(slip.created_at));
  c.row('Volante emitido el', slipDate(now.toISOString()));
  if (slip.bank) {
    c.rule();
    c.text('Cuenta de destino', { size: 13, bold: true, gap: 2 });
    c.row('Banco', slip.bank.name);
    c.row('Tipo de cuenta', slip.bank.account_type);
    c.row('Número de cuenta', slip.bank.account);
    c.row('A nombre de', slip.bank.holder);
  }
  c.rule();
  c.text('Cómo pagar', { size: 13, bold: true, gap: 4 });
  slip.instructions.forEach((step, n) => c.text(step, { size: 10.5, indent: 16, marker: `${n + 1}.`, gap: 3 }));
  c.y = Math.min(c.y, MARGIN + 30);
  c.text('Este volante no es un recibo: el cargo queda pagado cuando el banco confirma el pago en el portal.', { size: 9, color: MUTED });
  return pdf.save();
}
