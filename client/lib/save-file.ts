/**
 * Hands a file to the browser's downloads, as a link with `download` would. For answers a plain link cannot fetch:
 * they need the bearer header (the operators' CSV export, the shopper's data export), so they arrive as a blob.
 */
export const saveFile = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
