// Drawing on pdf-lib pages: text that the standard fonts can encode, wrapped to a width, and a cursor
// that starts a new page when the next block would not fit. The standard 14 fonts (Helvetica) need no
// font file and encode WinAnsi only: ₹ becomes "Rs.", a letter WinAnsi lacks loses its accent (ā → a)
// and anything else (Devanagari, emoji) becomes "?" rather than failing the whole document.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'npm:pdf-lib@1.17.1';

/** A4 landscape in points: room for every tax column at a legible size. */
export const PAGE = { width: 841.89, height: 595.28, margin: 32 };
/** The printable band between the side margins. */
export const LEFT = PAGE.margin;
export const RIGHT = PAGE.width - PAGE.margin;
export const WIDTH = RIGHT - LEFT;
export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.38, 0.38, 0.42);
export const RULE = rgb(0.75, 0.75, 0.78);
export const SHADE = rgb(0.93, 0.94, 0.96);

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

const encodable = new WeakMap<PDFFont, Set<number>>();

/** `value` as `font` can encode it, on one line. */
export function printable(font: PDFFont, value: string): string {
  let set = encodable.get(font);
  if (!set) encodable.set(font, (set = new Set(font.getCharacterSet())));
  const known = set;
  const keep = (c: string) => known.has(c.codePointAt(0)!);
  return value
    .replace(/₹\s?/g, 'Rs. ')
    .replace(/\s+/g, ' ')
    .replace(/./gu, (c) => {
      if (keep(c)) return c;
      // é → e: the letter without its accent when only the accent is missing
      const base = c.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return base && [...base].every(keep) ? base : '?';
    });
}

/** `value` in lines no wider than `width` (a word longer than the width is cut). */
export function wrap(font: PDFFont, size: number, value: string, width: number): string[] {
  const words = printable(font, value).split(' ').filter(Boolean);
  const lines: string[] = [];
  let current = '';
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (let word of words) {
    while (!fits(word)) {
      let cut = word.length - 1;
      while (cut > 1 && !fits(word.slice(0, cut))) cut--;
      if (current) lines.push(current);
      lines.push(word.slice(0, cut));
      current = '';
      word = word.slice(cut);
    }
    const next = current ? `${current} ${word}` : word;
    if (fits(next)) current = next;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
  align?: 'left' | 'right' | 'center';
  /** with align right/center: the box the text is aligned in */
  width?: number;
}

/** The document being written: its fonts, the current page and the cursor's height on it. */
export class Sheet {
  page!: PDFPage;
  y = 0;
  private constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    private readonly onNewPage: (sheet: Sheet) => void,
  ) {}

  static async create(onNewPage: (sheet: Sheet) => void): Promise<Sheet> {
    const doc = await PDFDocument.create();
    const fonts = {
      regular: await doc.embedFont(StandardFonts.Helvetica),
      bold: await doc.embedFont(StandardFonts.HelveticaBold),
    };
    const sheet = new Sheet(doc, fonts, onNewPage);
    sheet.addPage();
    return sheet;
  }

  get bottom(): number {
    return PAGE.margin + 18; // the footer's line
  }

  addPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
    if (this.doc.getPageCount() > 1) this.onNewPage(this);
  }

  /** Starts a new page unless `height` more points fit above the footer. */
  ensure(height: number): void {
    if (this.y - height < this.bottom) this.addPage();
  }

  font(bold?: boolean): PDFFont {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  /** One line of text with its baseline at `y` (pdf-lib's origin is the bottom left). */
  text(value: string, x: number, y: number, o: TextOptions = {}): void {
    const size = o.size ?? 8;
    const font = this.font(o.bold);
    const line = printable(font, value);
    let left = x;
    if (o.align && o.align !== 'left' && o.width !== undefined) {
      const w = font.widthOfTextAtSize(line, size);
      left = o.align === 'right' ? x + o.width - w : x + (o.width - w) / 2;
    }
    this.page.drawText(line, { x: left, y, size, font, color: o.color ?? INK });
  }

  /** Wrapped lines from the cursor down at `x`; moves the cursor below them. */
  paragraph(value: string, x: number, width: number, o: TextOptions & { leading?: number } = {}): void {
    const size = o.size ?? 8;
    const leading = o.leading ?? size * 1.3;
    for (const line of wrap(this.font(o.bold), size, value, width)) {
      this.y -= leading;
      this.text(line, x, this.y, o);
    }
  }

  rule(x1: number, x2: number, y: number, thickness = 0.5): void {
    this.page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness, color: RULE });
  }

  shade(x: number, y: number, width: number, height: number): void {
    this.page.drawRectangle({ x, y, width, height, color: SHADE });
  }
}
