import type { Certificate } from '../../contract/courses';

/**
 * A certificate of completion as a one-page PDF (landscape A4), written by hand: pdf-lib is not a
 * dependency of the shop and none may be added (docs/decisions.md D58). PDF 1.4, the standard
 * Helvetica fonts (no font embedded), WinAnsi text, an uncompressed content stream, and the
 * Info dictionary's Title and Subject naming the learner and the course.
 */

/** A4 landscape, in points. */
export const CERTIFICATE_PAGE = { width: 841.89, height: 595.28 } as const;

// Helvetica's advance widths (1/1000 em) for ASCII 32–126, from its AFM: enough to centre a line.
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
  611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
  667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
  222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** A character as one WinAnsi byte: Latin-1 as it is, anything else as "?". */
function winAnsi(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.codePointAt(0) ?? 63;
      return (code >= 32 && code <= 126) || (code >= 160 && code <= 255) ? char : '?';
    })
    .join('');
}

function textWidth(text: string, size: number, bold: boolean): number {
  const units = [...text].reduce((sum, char) => {
    const code = char.charCodeAt(0);
    return sum + (code >= 32 && code <= 126 ? (HELVETICA_WIDTHS[code - 32] ?? 556) : 556);
  }, 0);
  // Helvetica-Bold runs about 5% wider.
  return (units / 1000) * size * (bold ? 1.05 : 1);
}

/** A PDF literal string: backslash, parentheses and line breaks escaped. */
function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (char) => `\\${char}`).replace(/[\r\n]/g, ' ')})`;
}

/** A UTF-16BE hex string, for the Info dictionary (any script). */
function pdfTextString(text: string): string {
  const bytes = Buffer.from(`\ufeff${text}`, 'utf16le').swap16();
  return `<${bytes.toString('hex').toUpperCase()}>`;
}

/** Shortens a line until it fits the page's width, with an ellipsis. */
function fit(text: string, size: number, bold: boolean, maxWidth: number): string {
  let line = text;
  while (line.length > 1 && textWidth(line, size, bold) > maxWidth) line = line.slice(0, -1);
  return line === text ? text : `${line.slice(0, -1)}...`;
}

type Line = { text: string; size: number; y: number; bold?: boolean; grey?: boolean };

function centredText({ text, size, y, bold = false, grey = false }: Line): string {
  const safe = fit(winAnsi(text), size, bold, CERTIFICATE_PAGE.width - 80);
  const x = (CERTIFICATE_PAGE.width - textWidth(safe, size, bold)) / 2;
  const colour = grey ? '0.35 0.35 0.35 rg' : '0.1 0.1 0.1 rg';
  return `BT ${colour} /${bold ? 'F2' : 'F1'} ${size} Tf ${x.toFixed(2)} ${y} Td ${pdfString(safe)} Tj ET`;
}

/** The date a certificate shows: "27 November 2026" (UTC). */
export function certificateDate(issuedAt: string): string {
  return new Date(issuedAt).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The address that verifies a certificate: its public page. */
export function certificateUrl(publicUrl: string, id: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/certificates/${id}`;
}

/** The certificate's PDF bytes. */
export function certificatePdf(certificate: Certificate, publicUrl: string): Buffer {
  const { width, height } = CERTIFICATE_PAGE;
  const content = [
    // A double frame.
    `0.16 0.35 0.62 RG 4 w 28 28 ${(width - 56).toFixed(2)} ${(height - 56).toFixed(2)} re S`,
    `1 w 40 40 ${(width - 80).toFixed(2)} ${(height - 80).toFixed(2)} re S`,
    centredText({ text: 'LearnTogether', size: 16, y: 500, grey: true }),
    centredText({ text: 'Certificate of Completion', size: 36, y: 440, bold: true }),
    centredText({ text: 'This certifies that', size: 16, y: 385, grey: true }),
    centredText({ text: certificate.learnerName, size: 30, y: 335, bold: true }),
    centredText({ text: 'has completed', size: 16, y: 290, grey: true }),
    centredText({ text: certificate.courseName, size: 26, y: 245, bold: true }),
    centredText({ text: certificateDate(certificate.issuedAt), size: 16, y: 180 }),
    centredText({
      text: `Verify at ${certificateUrl(publicUrl, certificate.id)}`,
      size: 11,
      y: 80,
      grey: true,
    }),
  ].join('\n');
  const contentBytes = Buffer.from(content, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${contentBytes.length} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfTextString(`Certificate of Completion: ${certificate.courseName}`)} ` +
      `/Subject ${pdfTextString(`${certificate.learnerName} has completed ${certificate.courseName}`)} ` +
      `/Author ${pdfTextString('LearnTogether')} ` +
      `/Keywords ${pdfTextString(certificateUrl(publicUrl, certificate.id))} ` +
      `/CreationDate ${pdfString(pdfDate(certificate.issuedAt))} >>`,
  ];
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n`;
  pdf += `startxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** `D:20261127120000Z`, the PDF date of an ISO time. */
function pdfDate(iso: string): string {
  return `D:${iso.replace(/[-:T]/g, '').slice(0, 14)}Z`;
}
