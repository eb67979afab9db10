/**
 * Rows that PostgreSQL returned as JSON (`row_to_json`) back to the row types Drizzle's own
 * queries give, through each column's driver mapping (timestamps to Date, jsonb parsed), so the
 * same mappers serve both.
 */
import { type Column, getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm'

const columnsOf = new WeakMap<Table, [string, Column][]>()

export function rowFromJson<T extends Table>(table: T, json: unknown): InferSelectModel<T> {
  let columns = columnsOf.get(table)
  if (!columns) {
    columns = Object.entries(getTableColumns(table))
    columnsOf.set(table, columns)
  }
  const source = json as Record<string, unknown>
  const row: Record<string, unknown> = {}
  for (const [key, column] of columns) {
    const value = source[column.name]
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as InferSelectModel<T>
}
