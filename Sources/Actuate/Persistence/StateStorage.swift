/// Where a store's persisted state is kept: a file (``FileStorage``), or a database a service adopts this
/// protocol for.
///
/// A storage keeps bytes and the version they were written at; the store encodes, decodes and migrates.
/// It is asked from one task at a time per store (at most one save is in flight), never on the store's
/// executor, so it may take its time: the store goes on meanwhile, and the newest state waits for the next
/// save.
///
/// ```swift
/// struct CartRows: StateStorage {
///   let cart: String
///   let database: Database
///
///   func load() async throws -> StoredState? {
///     try await database.row(cart).map { StoredState(version: $0.version, bytes: $0.bytes) }
///   }
///
///   func save(_ state: StoredState) async throws {
///     try await database.upsert(cart, version: state.version, bytes: state.bytes)   // returns once durable
///   }
///
///   func setAside(reason: String) async throws -> String? {
///     try await database.quarantine(cart, reason: reason)
///   }
/// }
/// ```
public protocol StateStorage: Sendable {
  /// What was saved last, or `nil` when nothing was ever saved.
  ///
  /// Throws ``PersistenceError/unreadable(_:)`` for bytes it cannot take as a whole (a torn or corrupt
  /// record); the store then warns, asks ``setAside(reason:)`` to keep them, and starts from its initial
  /// state. Any other error is treated the same way.
  func load() async throws -> StoredState?

  /// Replaces what was saved with `state`, and returns only once it is durable: what this returned from
  /// must survive a crash of the process (a file is synced; a database has committed).
  ///
  /// A failed save must leave what was saved before as it was.
  func save(_ state: StoredState) async throws

  /// Moves what is saved out of the way without destroying it, because the store could not read it, so
  /// that the next save does not overwrite it. Returns where it went, for the warning, if it has a name.
  func setAside(reason: String) async throws -> String?
}

/// A store's state as a storage keeps it: its encoded bytes, and the version of the encoding.
public struct StoredState: Sendable, Equatable {
  /// The version the bytes were written at: the persistence's `version` then.
  public var version: Int
  /// The encoded state (JSON).
  public var bytes: [UInt8]

  /// A stored state of `bytes`, written at `version`.
  public init(version: Int, bytes: [UInt8]) {
    self.version = version
    self.bytes = bytes
  }
}

/// Why state could not be loaded or saved.
public enum PersistenceError: Error, Sendable, Equatable {
  /// The stored bytes are not a whole state: torn, truncated or corrupt, as the text says.
  case unreadable(String)
  /// The state could not be written: the operation and the system's reason.
  case notWritten(String)
  /// The state holds a ``Redacted`` value, at the path given (`account.password`), and ``RedactedValues``
  /// refuses to write it.
  case redactedValue(at: String)
}
