/**
 * Kysely's PostgreSQL dialect with an introspector that sees only the schema the connection works in (the
 * first schema of search_path, where the migrations create their tables).
 *
 * Kysely's own introspector lists every schema of the database and resolves each one by name
 * (`has_schema_privilege(nspname, ...)`, `pg_get_serial_sequence('schema.table', ...)`), so it fails with
 * `schema "..." does not exist` when another schema is dropped while its query runs. The Migrator asks it on
 * every run whether its bookkeeping tables exist: on a database shared with other tenants, or with tests
 * that each work in a schema of their own and drop it afterwards, a gateway start-up or `sallyport migrate`
 * would then fail now and then for a reason that has nothing to do with it.
 */
import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely'

type ColumnRow = {
  table: string
  table_type: string
  schema: string
  column: string
  not_null: boolean
  has_default: boolean
  type: string
  type_schema: string
  column_description: string | null
  auto_incrementing: boolean
}

export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>

  constructor(db: Kysely<unknown>) {
    this.#db = db
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    // A plain list of names: nothing is resolved by name, so a schema dropped meanwhile does no harm.
    return new PostgresIntrospector(this.#db).getSchemas()
  }

  /** Tables and views of `current_schema()` only, as Kysely's introspector describes them. */
  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    // Only plain comparisons filter the rows; the functions below run on this schema's own columns only.
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", c.relkind as table_type, ns.nspname as schema, a.attname as "column",
             a.attnotnull as not_null, a.atthasdef as has_default, typ.typname as type,
             dtns.nspname as type_schema, col_description(a.attrelid, a.attnum) as column_description,
             pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname)
               is not null as auto_incrementing
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on a.attrelid = c.oid
      join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
      join pg_catalog.pg_type typ on a.atttypid = typ.oid
      join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
      where ns.nspname = current_schema()
        and c.relkind in ('r', 'v', 'p')
        and a.attnum >= 0
        and not a.attisdropped
        and (${options.withInternalKyselyTables}
          or c.relname not in (${DEFAULT_MIGRATION_TABLE}, ${DEFAULT_MIGRATION_LOCK_TABLE}))
      order by c.relname, a.attnum`.execute(this.#db)
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>()
    for (const row of rows) {
      let table = tables.get(row.table)
      if (table === undefined) {
        table = { name: row.table, schema: row.schema, isView: row.table_type === 'v', columns: [] }
        tables.set(row.table, table)
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
        ...(row.column_description !== null && { comment: row.column_description }),
      })
    }
    return [...tables.values()]
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) }
  }
}

export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db)
  }
}
