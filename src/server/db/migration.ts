// One step of the versioned schema (core and events alike); the list is composed in schema.ts.
export interface Migration {
  version: number;
  sql: string;
}
