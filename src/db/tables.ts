// The state tables as Kysely sees them. The state layer knows none of them: each area that stores state declares its
// own table interface in its schema module and adds it here by module augmentation,
//
//   declare module '../db/tables.ts' { interface StateTables extends ForumTables {} }
//
// so the lowest floor depends on nothing above it while every query stays typed against every table.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StateTables {}
