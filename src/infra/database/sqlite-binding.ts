/**
 * The SQLite binding for the running Node.js. better-sqlite3 up to 12 builds its objects on Node's own
 * ObjectWrap, whose destructor aborts the process on Node 24.19 and later when the garbage collector
 * finalises a statement outside a JavaScript context (an idle collection, or teardown at exit). Version 13
 * is built on Node-API and does not, but it needs Node 22 or later and crashes on Node 20. Both are
 * installed (13 under the name `better-sqlite3-napi`) and each Node gets the one that works on it; their
 * API is the same.
 */
import { createRequire } from 'node:module'
import process from 'node:process'
import type BetterSqlite3 from 'better-sqlite3'

const load = createRequire(import.meta.url)
const nodeMajor = Number(process.versions.node.split('.')[0])

export const sqliteBindingName = nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3'

export const SQLite = load(sqliteBindingName) as typeof BetterSqlite3
