/** Spec §3 helper: the value of `key` in a list of key/value entries, or '' when absent. */
export function lookup(
  entries: ReadonlyArray<{ key: string; value: unknown }> | null | undefined,
  key: string,
): string {
  const found = entries?.find((entry) => entry.key === key)
  return found === undefined || found.value === null || found.value === undefined
    ? ''
    : String(found.value)
}
