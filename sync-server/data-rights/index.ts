/** A shopper's data rights (issue 32): their data exported on request. */
export { dataRightsRoutes, dataRightsApi, EXPORT_LIMIT } from './data-rights-routes.ts';
export { ownerExportSections, type ExportSection } from './owner-export.ts';
