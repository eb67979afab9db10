/**
 * The contract versions a process has read, kept in memory, for a process that owns its
 * database alone (the embedded PGlite, whose folder is locked to one process): the database
 * tells it of every new version (migration 0008's notices, delivered before the writing query
 * returns), so a kept version is the current one and a revalidation costs no query.
 *
 * Keyed by contract and person, since the lookup it replaces also checks that the person holds
 * the contract (a change of holder is a new version, and so a notice). Only found versions are
 * kept: a stranger's or a mistyped id always asks the database.
 */
export class VersionMemo {
  private readonly versions = new Map<string, Map<string, string>>()
  private kept = 0
  /** Counts notices: a lookup that started before one may carry what it has just made old. */
  private notices = 0

  constructor(private readonly maxKept = 50_000) {}

  get(contractId: string, personId: string): string | undefined {
    return this.versions.get(contractId)?.get(personId)
  }

  /** The moment a lookup starts, to hand back to `keep` with what it found. */
  mark(): number {
    return this.notices
  }

  /**
   * Keeps what a lookup found, unless a notice came while it ran: that notice may be for this
   * very contract, after the version was read, and keeping it would hide the write for good.
   */
  keep(mark: number, contractId: string, personId: string, version: string) {
    if (mark !== this.notices) return
    if (this.kept >= this.maxKept) this.forgetAll()
    let people = this.versions.get(contractId)
    if (!people) {
      people = new Map()
      this.versions.set(contractId, people)
    }
    if (!people.has(personId)) this.kept += 1
    people.set(personId, version)
  }

  /** A notice: the contract's version changed ('*': rows went without notices, forget all). */
  notice(contractId: string) {
    this.notices += 1
    if (contractId === '*') return this.forgetAll()
    const people = this.versions.get(contractId)
    if (!people) return
    this.kept -= people.size
    this.versions.delete(contractId)
  }

  private forgetAll() {
    this.versions.clear()
    this.kept = 0
  }
}

const memos = new WeakMap<object, VersionMemo>()

/** The memo of a database handle that receives version notices; undefined for any other. */
export const versionMemoOf = (db: object) => memos.get(db)

export function attachVersionMemo(db: object, memo: VersionMemo) {
  memos.set(db, memo)
}
