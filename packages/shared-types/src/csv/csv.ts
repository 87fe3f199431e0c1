// CSV as spreadsheets read it. Terms: a *text cell* is a plain string (a name, a label); a
// *number cell* is a number with the digits it is written as. A spreadsheet runs a text cell
// that starts like a formula (decisions §7: `=`, `+`, `-`, `@`, tab, carriage return), so text
// is neutralised; numbers are typed on the way in, never guessed from their text ("-5" as a
// school name is text).

/** A cell holding a number, written as `text` (digits produced from the number by a formatter). */
export interface CsvNumber {
  readonly kind: 'number';
  readonly value: number;
  readonly text: string;
}

export type CsvCell = string | CsvNumber;
export type CsvTable = CsvCell[][];

/** What a spreadsheet reads as the start of a formula (OWASP CSV injection). */
export const FORMULA_PREFIXES: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

/** A number cell; `format` writes its digits (2-decimal scores use formatScore). */
export function csvNumber(value: number, format: (value: number) => string = String): CsvNumber {
  const text = format(value);
  if (!Number.isFinite(value) || !Number.isFinite(Number(text)) || text.trim() === '') {
    throw new Error(`Not a CSV number: ${String(value)} written as '${text}'`);
  }
  return { kind: 'number', value, text };
}

/**
 * The value a cell is written as: a number as its digits; a text that a spreadsheet would run
 * as a formula with a leading single quote (it then shows as the text it is).
 */
export function csvCellValue(cell: CsvCell): string {
  if (typeof cell !== 'string') return cell.text;
  return FORMULA_PREFIXES.some((prefix) => cell.startsWith(prefix)) ? `'${cell}` : cell;
}

/** Quotes every value (doubling inner quotes) and ends lines with CRLF, as spreadsheets expect. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return (
    rows.map((row) => row.map((cell) => `"${csvCellValue(cell).replaceAll('"', '""')}"`).join(',')).join('\r\n') +
    '\r\n'
  );
}
