/**
 * Nothing but a place in the first page's libraries' chunk (vite.config.ts puts it there): client/boot.ts imports
 * it to evaluate that chunk in a task of its own. A library's own module would do the same, but the build would
 * then add a file re-exporting all its names (first-page bytes) for that import.
 */
export {};
