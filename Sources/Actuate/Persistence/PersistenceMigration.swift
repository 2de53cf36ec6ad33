#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How state saved at an older version becomes the current one: decoded as the type it had then, and
/// converted.
///
/// ```swift
/// let persistence = Persistence<Editor.State>.file(
///   url, persisting: \.draft, version: 2,
///   migrations: [.from(1, as: DraftV1.self) { old in Draft(title: old.name, body: "") }])
/// ```
///
/// Each migration goes straight to the current version; one from an older version can reuse the next
/// one's conversion: `.from(1, as: DraftV1.self) { upgrade(DraftV2(upgrading: $0)) }`.
public struct PersistenceMigration<Value>: Sendable {
  /// The version this migration reads.
  public let version: Int
  let decode: @Sendable (JSONDecoder, Data) throws -> Value

  /// Reads state saved at `version` as an `Old`, and converts it with `migrate`, which may throw to say it
  /// cannot: the store then warns and starts from its initial state, keeping what was saved aside.
  public static func from<Old: Decodable & Sendable>(
    _ version: Int, as type: Old.Type, _ migrate: @escaping @Sendable (Old) throws -> Value
  ) -> Self {
    Self(version: version) { decoder, data in try migrate(decoder.decode(Old.self, from: data)) }
  }
}
