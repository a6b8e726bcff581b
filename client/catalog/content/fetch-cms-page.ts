import { cmsPageSchema, type CmsPage } from '../../../schema/catalog/content.ts';

const FETCH_TIMEOUT_MS = 8000;

/**
 * POST /api/pages/single {slug} (the online fallback when the device does not hold the page yet).
 * Null when the server has no active page of that slug, or cannot be reached in time.
 */
export async function fetchCmsPage(slug: string, signal?: AbortSignal): Promise<CmsPage | null> {
  const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  try {
    const response = await fetch('/api/pages/single', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ slug }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { result?: unknown };
    const parsed = cmsPageSchema.safeParse(body.result);
    return parsed.success && parsed.data.active ? parsed.data : null;
  } catch {
    return null;
  }
}
