/// How a sink prints each entry of the debug log.
public enum DebugFormat: String, Sendable, Hashable, CaseIterable {
  /// `[Actuate SearchInteractor#3 2026-11-23T12:00:01.204113+01:00] action .search`, then any diff on the
  /// lines below: for people.
  case text
  /// One JSON object per line, for log tooling: `time`, `store`, `kind`, `message`, and where they apply
  /// `action`, `cause`, `outcome` and `diff` (a dump or diff, its lines joined by `\n`).
  case jsonLines
}
