extension SessionEncoder {
  struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: SessionNode
    let codingPath: [any CodingKey]

    private func child(_ key: some CodingKey) -> SessionNode {
      if let existing = node.fields[key.stringValue] { return existing }
      let child = SessionNode()
      node.fields[key.stringValue] = child
      return child
    }

    private func put(_ value: any Encodable, _ key: Key) {
      child(key).setLeaf(value)
    }

    mutating func encodeNil(forKey key: Key) throws { child(key).kind = .null }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      try SessionEncoder.fill(child(key), with: value, at: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
      -> KeyedEncodingContainer<NestedKey>
    {
      SessionEncoder(node: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      SessionEncoder(node: child(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
      SessionEncoder(
        node: child(SessionCodingKey.super), codingPath: codingPath + [SessionCodingKey.super])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      SessionEncoder(node: child(key), codingPath: codingPath + [key])
    }
  }

  struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: SessionNode
    let codingPath: [any CodingKey]
    var count: Int { node.items.count }

    private func next() -> SessionNode {
      let item = SessionNode()
      node.items.append(item)
      return item
    }

    private var nextKey: SessionCodingKey { SessionCodingKey(intValue: count) }

    private func put(_ value: any Encodable) {
      next().setLeaf(value)
    }

    mutating func encodeNil() throws { next().kind = .null }
    mutating func encode(_ value: Bool) throws { put(value) }
    mutating func encode(_ value: String) throws { put(value) }
    mutating func encode(_ value: Double) throws { put(value) }
    mutating func encode(_ value: Float) throws { put(value) }
    mutating func encode(_ value: Int) throws { put(value) }
    mutating func encode(_ value: Int8) throws { put(value) }
    mutating func encode(_ value: Int16) throws { put(value) }
    mutating func encode(_ value: Int32) throws { put(value) }
    mutating func encode(_ value: Int64) throws { put(value) }
    mutating func encode(_ value: UInt) throws { put(value) }
    mutating func encode(_ value: UInt8) throws { put(value) }
    mutating func encode(_ value: UInt16) throws { put(value) }
    mutating func encode(_ value: UInt32) throws { put(value) }
    mutating func encode(_ value: UInt64) throws { put(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
      let key = nextKey
      try SessionEncoder.fill(next(), with: value, at: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      let key = nextKey
      return SessionEncoder(node: next(), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let key = nextKey
      return SessionEncoder(node: next(), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
      let key = nextKey
      return SessionEncoder(node: next(), codingPath: codingPath + [key])
    }
  }

  struct SingleValueContainer: SingleValueEncodingContainer {
    let node: SessionNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.kind = .null }
    mutating func encode(_ value: Bool) throws { node.setLeaf(value) }
    mutating func encode(_ value: String) throws { node.setLeaf(value) }
    mutating func encode(_ value: Double) throws { node.setLeaf(value) }
    mutating func encode(_ value: Float) throws { node.setLeaf(value) }
    mutating func encode(_ value: Int) throws { node.setLeaf(value) }
    mutating func encode(_ value: Int8) throws { node.setLeaf(value) }
    mutating func encode(_ value: Int16) throws { node.setLeaf(value) }
    mutating func encode(_ value: Int32) throws { node.setLeaf(value) }
    mutating func encode(_ value: Int64) throws { node.setLeaf(value) }
    mutating func encode(_ value: UInt) throws { node.setLeaf(value) }
    mutating func encode(_ value: UInt8) throws { node.setLeaf(value) }
    mutating func encode(_ value: UInt16) throws { node.setLeaf(value) }
    mutating func encode(_ value: UInt32) throws { node.setLeaf(value) }
    mutating func encode(_ value: UInt64) throws { node.setLeaf(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
      try SessionEncoder.fill(node, with: value, at: codingPath)
    }
  }
}
