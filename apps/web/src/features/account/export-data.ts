import { contextHeaders } from '../../shared/api/client';
import { ApiError } from '../../shared/api/api-error';

const FALLBACK_NAME = 'episodic-data.json';

function fileNameOf(disposition: string | null): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  const name = match?.[1] ? decodeURIComponent(match[1]).replace(/[/\\]/g, '_') : '';
  return name || FALLBACK_NAME;
}

/**
 * Downloads everything kept about the viewer (`GET /api/user/export`) as a JSON file. The call carries
 * the same headers as every API call, so it works with cookies disabled too. An envelope in place of
 * the file (a refused call) rejects with its ApiError.
 */
export async function downloadMyData(): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/user/export', { headers: contextHeaders(), credentials: 'same-origin' });
  } catch {
    throw new ApiError({ kind: 'network', code: 0, status: 0, message: '' });
  }
  const disposition = response.headers.get('content-disposition');
  if (!response.ok || !disposition?.toLowerCase().includes('attachment')) {
    const envelope = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
    throw new ApiError({
      kind: envelope?.code ? 'envelope' : 'http',
      code: envelope?.code ?? response.status,
      status: response.status,
      message: envelope?.message ?? '',
    });
  }
  const blob = await response.blob();
  const name = fileNameOf(disposition);
  const url = URL.createObjectURL(blob);
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = name;
    anchor.rel = 'noopener';
    anchor.style.display = 'none';
    document.body.appendChild(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // Some browsers start the download after the click handler returns: release the file a little later.
    setTimeout(() => {
      URL.revokeObjectURL(url);
    }, 10_000);
  }
  return name;
}
