/** Where the server draws a product's picture when the catalogue has no photo for it. */
export const productImagePath = (sku: string): string => `/images/products/${encodeURIComponent(sku)}.svg`;
