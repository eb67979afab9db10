/**
 * Routes are registered from their declarations (contract/operations.ts, issue 24): a route
 * file names the operation it answers, never a path, so the path, its parameters' names and
 * the API base are written once. server/routes/operations.test.ts holds the route table to the
 * declarations both ways, methods included.
 */
import { serverRoute } from '../../contract/operation'
import { type OperationId, operationById } from '../../contract/operations'

/** The route of a declared operation, for `.get(at('getContract'), …)`. */
export const at = (id: OperationId) => serverRoute(operationById[id])
