/**
 * The writes the app may keep on the device while there is no signal and send later (spec §7;
 * the operations declared `queuedOffline` in operations.ts). An outbox row names one by its
 * operation id and keeps its input, which is checked against the request schema again when the
 * row is read back to be sent (src/offline/outbox.ts). A new offline write is one entry here,
 * its declaration, and its feature's form.
 */
import type * as v from 'valibot'
import { addDependent, saveHolder } from './api/registration'

export const queuedWrites = { saveHolder, addDependent } as const

export type QueuedOperation = keyof typeof queuedWrites
export type QueuedInput<O extends QueuedOperation> = v.InferInput<(typeof queuedWrites)[O]['body']>

export const isQueuedOperation = (value: unknown): value is QueuedOperation =>
  typeof value === 'string' && Object.hasOwn(queuedWrites, value)
