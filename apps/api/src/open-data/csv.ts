/*
 * CSV as RFC 4180 writes it, and the spreadsheet-formula guard (OWASP's "CSV injection"): a cell
 * that starts with =, +, -, @, a tab or a carriage return is run as a formula by Excel, LibreOffice
 * and Google Sheets, so the export writes it with a leading apostrophe, which they show as text.
 * The import takes that apostrophe off again, so an export imports back unchanged
 * (docs/decisions/067-export.md).
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

/** The text a spreadsheet shows as it is: `'` before a cell that would start a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text before neutraliseFormula: the apostrophe taken off a cell that starts `'=` and the like. */
export function restoreFormula(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}

/** One cell: quoted when it holds a comma, a quote or a line break, quotes doubled. */
export function csvCell(value: string | number): string {
  const text = typeof value === "number" ? String(value) : neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly (string | number)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** Why a file is not CSV that we can read. */
export class CsvError extends Error {}

/** A row with more cells than the reader takes. */
export class CsvTooWideError extends CsvError {}

/**
 * The rows of a CSV text (RFC 4180: quoted cells with doubled quotes, CRLF or LF line ends, a
 * UTF-8 byte-order mark ignored). A blank line is no row. Throws CsvError on a quote left open,
 * and CsvTooWideError as soon as a row has more than `maxColumns` cells: what it holds then
 * grows with the text, never with rows times columns.
 */
export function parseCsv(text: string, maxColumns = Number.POSITIVE_INFINITY): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0] !== "") rows.push(row);
    row = [];
    cell = "";
  };
  for (; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else quoted = false;
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
      if (row.length >= maxColumns) throw new CsvTooWideError("A row has too many columns.");
    } else if (char === "\n") endRow();
    else if (char === "\r") {
      if (text[index + 1] === "\n") index += 1;
      endRow();
    } else cell += char;
  }
  if (quoted) throw new CsvError("A quoted cell is never closed.");
  if (cell !== "" || row.length > 0) endRow();
  return rows;
}
