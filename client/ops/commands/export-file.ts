import { saveFile } from '../../lib/save-file.ts';
import type { AccountSession } from '../../store/index.ts';

/**
 * Downloads an export (`/api/ops/commands.csv?…`) as a file. The call needs the operator's bearer header, which a
 * plain link cannot send: the answer is read as a blob and handed to the browser's download.
 */
export const downloadExport = async (session: AccountSession, path: string, fileName: string): Promise<boolean> => {
  let response: Response | undefined;
  try {
    response = await session.send(path);
  } catch {
    return false;
  }
  if (!response?.ok) return false;
  saveFile(await response.blob(), fileName);
  return true;
};
