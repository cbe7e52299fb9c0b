/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180), and never a formula. */
export function csvField(value: string): string {
  // A spreadsheet runs a cell starting with = + - @ as a formula: text that starts so is quoted as text.
  const safe = /^[=+\-@]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as a CSV a spreadsheet opens (CRLF line ends). */
export function toCsv(rows: string[][]): string {
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Offers `text` as a file download named `name`. */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
