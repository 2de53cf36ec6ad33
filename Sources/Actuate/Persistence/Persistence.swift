#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What of a store's state outlives the process, where it is kept, and how: the `persistence:` argument of
/// a ``Store``.
///
/// ```swift
/// let store = Store(
///   initialState: Editor.State(), interactor: Editor(),
///   persistence: .file(folder.appendingPathComponent("draft.state"), persisting: \.draft))
/// ```
///
/// The store loads the state as it is made, before its hooks and its first action, and saves after its
/// changes, off its executor: at most one save at a time, the newest state each time, so a burst of changes
/// costs a few writes. It saves at ``Store/stop()`` and at a normal exit too;
/// ``Store/waitUntilSaved()`` waits until what the store holds now is durable.
///
/// Only what `persisting:` names is saved, encoded as JSON; the rest of the state starts from
/// `initialState` at every launch. State that cannot be used (a damaged file, a newer version, a type that
/// no longer decodes) is set aside with one warning, and the store starts from `initialState`.
public struct Persistence<State: Sendable>: Sendable {
  /// Where the state is kept.
  public let storage: any StateStorage
  /// The version the state is saved at.
  public let version: Int
  let codec: PersistenceCodec<State>
  /// The storage, when it is a file: a store made without `await` reads it at once.
  let file: FileStorage?

  /// Persists the value at `keyPath` of the state in `storage`.
  ///
  /// - Parameters:
  ///   - storage: Where the state is kept.
  ///   - keyPath: The part of the state that persists; `\.self` for all of it.
  ///   - version: The version of what persists. Raise it when its type changes in a way that old state no
  ///     longer decodes, and add a migration from the older one.
  ///   - migrations: How state saved at older versions becomes the current one.
  ///   - redacted: Whether ``Redacted`` values may be written; by default a state holding one is not saved.
  public init<Value: Codable & Sendable>(
    storage: some StateStorage, persisting keyPath: WritableKeyPath<State, Value> & Sendable, version: Int = 1,
    migrations: [PersistenceMigration<Value>] = [], redacted: RedactedValues = .refused
  ) {
    self.init(
      storage: storage, version: version, migrations: migrations, redacted: redacted,
      saving: { $0[keyPath: keyPath] }, restoring: { state, value in state[keyPath: keyPath] = value })
  }

  /// Persists a projection of the state in `storage`: `saving` makes what is saved of a state, `restoring`
  /// puts what was saved back into the initial state.
  ///
  /// ```swift
  /// Persistence(
  ///   storage: FileStorage(url), saving: { Saved(items: $0.items, sort: $0.sort) },
  ///   restoring: { state, saved in state.items = saved.items; state.sort = saved.sort })
  /// ```
  ///
  /// The other parameters are those of ``init(storage:persisting:version:migrations:redacted:)``.
  public init<Value: Codable & Sendable>(
    storage: some StateStorage, version: Int = 1, migrations: [PersistenceMigration<Value>] = [],
    redacted: RedactedValues = .refused, saving: @escaping @Sendable (State) -> Value,
    restoring: @escaping @Sendable (inout State, Value) -> Void
  ) {
    self.storage = storage
    self.version = version
    codec = PersistenceCodec(
      version: version, migrations: migrations, redacted: redacted, saving: saving, restoring: restoring)
    file = storage as? FileStorage
  }

  /// Persists the value at `keyPath` of the state in the file at `url`, as ``FileStorage`` does; the other
  /// parameters are those of ``init(storage:persisting:version:migrations:redacted:)``.
  public static func file<Value: Codable & Sendable>(
    _ url: URL, persisting keyPath: WritableKeyPath<State, Value> & Sendable, version: Int = 1,
    migrations: [PersistenceMigration<Value>] = [], redacted: RedactedValues = .refused
  ) -> Self {
    Self(
      storage: FileStorage(url), persisting: keyPath, version: version, migrations: migrations, redacted: redacted)
  }

  /// The state loaded from storage: `initialState` with what persists replaced by what was saved, or
  /// `initialState` itself when nothing was saved or it cannot be used (with a warning on standard error,
  /// and what was saved set aside). For a test that starts from saved state:
  ///
  /// ```swift
  /// let store = TestStore(initialState: await persistence.load(startingFrom: .init()), interactor: Editor())
  /// ```
  public func load(startingFrom initialState: State) async -> State {
    let loaded = await PersistenceLoad.load(self, startingFrom: initialState)
    for warning in loaded.warnings { Diagnostics.warn(warning(nil)) }
    return loaded.state
  }
}

extension Persistence where State: Codable {
  /// Persists the whole state in the file at `url`, as ``FileStorage`` does; the other parameters are
  /// those of ``init(storage:persisting:version:migrations:redacted:)``.
  public static func file(
    _ url: URL, version: Int = 1, migrations: [PersistenceMigration<State>] = [],
    redacted: RedactedValues = .refused
  ) -> Self {
    .file(url, persisting: \State.self, version: version, migrations: migrations, redacted: redacted)
  }
}
