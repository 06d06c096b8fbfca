/**
 * The tables, as Kysely sees them, on SQLite and PostgreSQL alike: text ids, integer epoch-millisecond
 * timestamps (`bigint` columns, read as Numbers on both), nothing that only one engine understands. A
 * `boolean` column reads as true/false on both (portable-sqlite.ts), but a nullable timestamp usually says
 * more (when, not just whether).
 */
import type { Generated } from 'kysely'

export type AccountsTable = {
  id: string
  /** As given, trimmed, with the domain lower-cased: where mail goes. */
  email: string
  /** The whole address lower-cased: the unique lookup key, so `Ann@x.io` and `ann@x.io` are one account. */
  email_key: string
  /** `$scrypt$ln=..,r=..,p=..$salt$hash`: parameters travel with the hash so they can be raised later. */
  password_hash: string
  plan: string
  email_verified_at: number | null
  created_at: number
  updated_at: number
}

/** Two-factor sign-in (RFC 6238). `enabled_at` is null while the setup waits for its first code. */
export type AccountTotpTable = {
  account_id: string
  /** Base32. */
  secret: string
  enabled_at: number | null
  /** The last 30-second step a code was accepted for: a code is never accepted twice. */
  last_step: number
  created_at: number
}

/** When an account was deleted: its personal data is gone, its row stays for billing. */
export type AccountDeletionsTable = { account_id: string; deleted_at: number }

/** One row per usage alert sent: the primary key is the claim that makes it once across gateways. */
export type UsageAlertsTable = {
  account_id: string
  /** `YYYY-MM` (UTC). */
  period: string
  kind: string
  threshold: number
  sent_at: number
}

/** `usage_alerts` 0 turns the mails off; no row means on. */
export type AlertSettingsTable = { account_id: string; usage_alerts: number }

/** Digest only: the codes are shown once. */
export type RecoveryCodesTable = { account_id: string; digest: string; used_at: number | null }

/** A change of address waiting for the new address to be confirmed (digest of the mailed token). */
export type EmailChangesTable = {
  digest: string
  account_id: string
  new_email: string
  new_email_key: string
  created_at: number
  expires_at: number
  used_at: number | null
}

export type TokenPurpose = 'verify_email' | 'reset_password'

/** Single-use mailed tokens. Digest only: the token itself exists only in the mail. */
export type AccountTokensTable = {
  digest: string
  account_id: string
  purpose: TokenPurpose
  /**
   * verify_email only: the password hash of the sign-up that asked for this mail. Verifying sets it,
   * so whoever owns the mailbox ends up with the password of the sign-up they confirmed, not one a
   * stranger registered first (pre-account hijacking).
   */
  password_hash: string | null
  created_at: number
  expires_at: number
  used_at: number | null
}

/** Server-side sessions. Digest only: the session id lives in the browser's cookie. */
export type SessionsTable = {
  digest: string
  account_id: string
  created_at: number
  last_seen_at: number
}

export type ApiKeysTable = {
  id: string
  account_id: string
  name: string
  /** Comma-separated, sorted: `proxy,read`. */
  scopes: string
  /** SHA-256 of the whole key, hex. The key is shown once and never stored. */
  digest: string
  /** The first 12 characters of the key, for people to recognise it. */
  prefix: string
  created_at: number
  last_used_at: number | null
  revoked_at: number | null
  /** Where the key was revoked from (`dashboard`, `account_deleted`, `admin`); null while live. */
  revoked_from: string | null
}

/** DESIGN 7: counts only, per account and UTC day. No URL, no host. */
export type UsageDailyTable = {
  account_id: string
  /** `YYYY-MM-DD`, UTC. */
  day: string
  requests: number
  bytes: number
  /**
   * The last usage write each gateway process applied to this row, by writer, so none is applied twice
   * (0011): a JSON object as text, `{"<writer>": <last number>}`; null before the first numbered write.
   */
  writers: string | null
  /**
   * Whether `writers` may still hold numbers (0013): true from the row's first write, false once the prune
   * has cleared them; every write that sets numbers sets it again. Indexed by day for the prune, in place of
   * `writers` itself, which every write changes.
   */
  writers_kept: Generated<boolean>
}

/**
 * The last usage write each gateway process applied per account and day (0004): written before 0011, which
 * keeps the numbers in the daily row; pruned, no longer written.
 */
export type UsageWritersTable = {
  /** Random per process. */
  writer: string
  account_id: string
  day: string
  last_seq: number
}

/** Sliding-window event logs (failed sign-ins, mails sent). `key` is a digest of the scope, never an address. */
export type AttemptsTable = {
  id: string
  key: string
  at: number
}

/** An account's own monthly spending cap (docs/billing.md); no row means no cap. */
export type SpendCapsTable = {
  account_id: string
  cap_cents: number
  updated_at: number
}

/** Every move between plans (`sallyport admin set-plan`), so past months bill on the plan they had. */
export type PlanChangesTable = {
  id: string
  account_id: string
  from_plan: string
  to_plan: string
  changed_at: number
}

/** Per-account overrides of the rate limits (`sallyport admin set-limits`); null: the default. */
export type AccountLimitsTable = {
  account_id: string
  fetch_per_minute: number | null
  host_per_minute: number | null
  general_per_minute: number | null
  max_in_flight: number | null
  updated_at: number
}

export type DatabaseSchema = {
  accounts: AccountsTable
  account_tokens: AccountTokensTable
  sessions: SessionsTable
  api_keys: ApiKeysTable
  usage_daily: UsageDailyTable
  usage_writers: UsageWritersTable
  attempts: AttemptsTable
  account_limits: AccountLimitsTable
  spend_caps: SpendCapsTable
  plan_changes: PlanChangesTable
  account_totp: AccountTotpTable
  recovery_codes: RecoveryCodesTable
  email_changes: EmailChangesTable
  account_deletions: AccountDeletionsTable
  usage_alerts: UsageAlertsTable
  alert_settings: AlertSettingsTable
}
