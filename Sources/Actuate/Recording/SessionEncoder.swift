#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes a value for a session as a tree of ``SessionNode``s, and puts the marker in place of every
/// ``DebugRedacted`` value it meets, at any depth: such a type's own `Encodable` conformance would write it
/// in clear, and `JSONEncoder` gives no way to step in between a container and the values it encodes.
struct SessionEncoder: Encoder {
  let node: SessionNode
  let codingPath: [any CodingKey]
  /// Tells a value's own conformance that it is written into a session (``Redacted`` checks).
  var userInfo: [CodingUserInfoKey: Any] { [.recordsSession: true] }

  /// `value`, encoded as a tree that `JSONEncoder` writes.
  static func tree(of value: some Encodable) throws -> SessionNode {
    let node = SessionNode()
    try fill(node, with: value, at: [])
    return node
  }

  /// Encodes `value` into `node`: the marker for a redacted value, a leaf for what `JSONEncoder` writes its
  /// own way, else whatever the value's conformance encodes.
  static func fill(_ node: SessionNode, with value: some Encodable, at path: [any CodingKey]) throws {
    if value is any DebugRedacted {
      node.kind = .redacted
    } else if value is Date || value is Data || value is URL || value is Decimal {
      node.setLeaf(value)
    } else {
      try value.encode(to: SessionEncoder(node: node, codingPath: path))
    }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.makeObject()
    return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.makeArray()
    return UnkeyedContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueContainer(node: node, codingPath: codingPath)
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
