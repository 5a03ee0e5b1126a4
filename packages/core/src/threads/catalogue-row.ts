/** One thread of a generated catalogue: code, name, r, g, b, CIELAB L, a, b (D65), discontinued. */
export type CatalogueRow = readonly [string, string, number, number, number, number, number, number, boolean];
