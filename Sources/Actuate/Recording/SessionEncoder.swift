#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes a value for a session as a tree of ``SessionNode``s, and puts the marker in place of every
/// ``DebugRedacted`` value it meets, at any depth: such a type's own `Encodable` conformance would write it
/// in clear, and `JSONEncoder` gives no way to step in between a container and the values it encodes.
///
/// Without a node it only looks: ``holdsRedacted(_:)`` walks a value for a redacted one, building nothing,
/// so that a value without one (most) is written by `JSONEncoder` alone, at its cost.
struct SessionEncoder: Encoder {
  /// Where the value goes; `nil` while only looking for a redacted value.
  let node: SessionNode?
  let codingPath: [any CodingKey]
  /// What a walk that only looks found: a flag, not only the error that stops the walk, since a type's own
  /// conformance could catch that error (`try?`) and go on, and the value would be written in clear.
  let search: RedactedSearch?
  /// Tells a value's own conformance that it is written into a session (``Redacted`` checks).
  var userInfo: [CodingUserInfoKey: Any] { [.recordsSession: true] }

  /// Whether a walk that only looks met a redacted value.
  final class RedactedSearch {
    var found = false
  }

  /// Thrown by a walk that found a redacted value, to stop it there.
  private struct FoundRedacted: Error {}

  /// Whether `value` holds a ``DebugRedacted`` value anywhere; throws what its own conformance throws.
  static func holdsRedacted(_ value: some Encodable) throws -> Bool {
    let search = RedactedSearch()
    do {
      try fill(nil, with: value, at: [], search: search)
    } catch {
      if !search.found { throw error }
    }
    return search.found
  }

  /// `value`, encoded as a tree that `JSONEncoder` writes.
  static func tree(of value: some Encodable) throws -> SessionNode {
    let node = SessionNode()
    try fill(node, with: value, at: [], search: nil)
    return node
  }

  /// Encodes `value` into `node`: the marker for a redacted value, a leaf for what `JSONEncoder` writes its
  /// own way, else whatever the value's conformance encodes. Without a node, stops at a redacted value.
  static func fill(
    _ node: SessionNode?, with value: some Encodable, at path: [any CodingKey], search: RedactedSearch?
  ) throws {
    if value is any DebugRedacted {
      guard let node else {
        search?.found = true
        throw FoundRedacted()
      }
      node.kind = .redacted
    } else if value is Date || value is Data || value is URL || value is Decimal {
      node?.setLeaf(value)
    } else {
      try value.encode(to: SessionEncoder(node: node, codingPath: path, search: search))
    }
  }

  /// The path of a value under `key`: a walk that only looks keeps none, which would cost an array a value.
  func path(_ key: some CodingKey) -> [any CodingKey] {
    node == nil ? codingPath : codingPath + [key]
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node?.makeObject()
    return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath, search: search))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node?.makeArray()
    return UnkeyedContainer(node: node, codingPath: codingPath, search: search)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueContainer(node: node, codingPath: codingPath, search: search)
  }
}

/// The key `JSONEncoder` gives an element of an array in a coding path, and the key of a super encoder.
struct SessionCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String) { self.stringValue = stringValue }

  init(intValue: Int) {
    stringValue = "Index \(intValue)"
    self.intValue = intValue
  }

  static let `super` = SessionCodingKey(stringValue: "super")
}
