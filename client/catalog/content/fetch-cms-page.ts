import { cmsPageSchema, type CmsPage } from '../../../schema/catalog/content.ts';

const FETCH_TIMEOUT_MS = 8000;

/**
 * GET /api/pages/find?slug= (the online fallback when the device does not hold the page yet): it answers null, not
 * a 404 (POST /api/pages/single), for an address that names no page, so an unknown address logs no failed request.
 * Null when the server has no active page of that slug, or cannot be reached in time.
 */
export async function fetchCmsPage(slug: string, signal?: AbortSignal): Promise<CmsPage | null> {
  const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  try {
    const response = await fetch(`/api/pages/find?${new URLSearchParams({ slug }).toString()}`, {
      headers: { accept: 'application/json' },
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
