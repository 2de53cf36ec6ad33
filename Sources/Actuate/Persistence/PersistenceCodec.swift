#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns the part of a state that persists into stored bytes and back, migrating older versions.
struct PersistenceCodec<State>: Sendable {
  /// The stored bytes of what persists of `state`.
  let encode: @Sendable (State) throws -> StoredState
  /// `state` with what persists replaced by the stored state, or why it cannot be read.
  let restore: @Sendable (StoredState, State) throws(StoredStateProblem) -> State

  init<Value: Codable & Sendable>(
    version: Int, migrations: [PersistenceMigration<Value>], redacted: RedactedValues,
    saving: @escaping @Sendable (State) -> Value, restoring: @escaping @Sendable (inout State, Value) -> Void
  ) {
    encode = { state in
      let encoder = JSONEncoder()
      // Sorted, so that an unchanged state encodes to the same bytes and is not written again.
      encoder.outputFormatting = [.sortedKeys]
      if redacted == .refused { encoder.userInfo[.refusesRedacted] = true }
      return StoredState(version: version, bytes: Array(try encoder.encode(saving(state))))
    }
    restore = { stored, state throws(StoredStateProblem) in
      let data = Data(stored.bytes)
      let decoder = JSONDecoder()
      let value: Value
      do {
        if stored.version == version {
          value = try decoder.decode(Value.self, from: data)
        } else if stored.version > version {
          throw StoredStateProblem.futureVersion(stored.version, known: version)
        } else if let migration = migrations.first(where: { $0.version == stored.version }) {
          value = try migration.decode(decoder, data)
        } else {
          throw StoredStateProblem.noMigration(from: stored.version, to: version)
        }
      } catch let problem as StoredStateProblem {
        throw problem
      } catch {
        throw .undecodable(version: stored.version, String(describing: error))
      }
      var state = state
      restoring(&state, value)
      return state
    }
  }
}

/// Why a store could not start from its stored state.
enum StoredStateProblem: Error {
  /// The storage could not read it as a whole (torn, corrupt), or failed.
  case unreadable(String)
  /// Saved by a newer version of the app.
  case futureVersion(Int, known: Int)
  /// Saved at an older version no migration reads.
  case noMigration(from: Int, to: Int)
  /// The bytes do not decode as the type of their version (it changed), or the migration threw.
  case undecodable(version: Int, String)

  /// Says what was wrong, after "its saved state could not be used: ".
  var explanation: String {
    switch self {
    case .unreadable(let reason):
      return reason
    case .futureVersion(let found, let known):
      return "it was saved at version \(found), newer than this app's \(known)"
    case .noMigration(let from, let to):
      return
        "it was saved at version \(from), and no migration reads that version (the current one is \(to)); add .from(\(from), as:) to migrations"
    case .undecodable(let version, let error):
      return "it does not decode as the type of version \(version): \(error)"
    }
  }
}
