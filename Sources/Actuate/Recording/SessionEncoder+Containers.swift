extension SessionEncoder {
  struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: SessionNode?
    let codingPath: [any CodingKey]
    let search: RedactedSearch?

    private var encoder: SessionEncoder { SessionEncoder(node: node, codingPath: codingPath, search: search) }

    private func child(_ key: some CodingKey) -> SessionNode? {
      guard let node else { return nil }
      if let existing = node.fields[key.stringValue] { return existing }
      let child = SessionNode()
      node.fields[key.stringValue] = child
      return child
    }

    private func put(_ value: any Encodable, _ key: Key) {
      child(key)?.setLeaf(value)
    }

    mutating func encodeNil(forKey key: Key) throws { child(key)?.kind = .null }
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
      try SessionEncoder.fill(child(key), with: value, at: encoder.path(key), search: search)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
      -> KeyedEncodingContainer<NestedKey>
    {
      SessionEncoder(node: child(key), codingPath: encoder.path(key), search: search).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      SessionEncoder(node: child(key), codingPath: encoder.path(key), search: search).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
      SessionEncoder(
        node: child(SessionCodingKey.super), codingPath: encoder.path(SessionCodingKey.super), search: search)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      SessionEncoder(node: child(key), codingPath: encoder.path(key), search: search)
    }
  }

  struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: SessionNode?
    let codingPath: [any CodingKey]
    let search: RedactedSearch?
    /// How many values a walk that only looks has met, with no node to count them.
    private var looked = 0
    var count: Int { node?.items.count ?? looked }

    init(node: SessionNode?, codingPath: [any CodingKey], search: RedactedSearch?) {
      self.node = node
      self.codingPath = codingPath
      self.search = search
    }

    private mutating func next() -> SessionNode? {
      guard let node else {
        looked += 1
        return nil
      }
      let item = SessionNode()
      node.items.append(item)
      return item
    }

    private var nextPath: [any CodingKey] {
      SessionEncoder(node: node, codingPath: codingPath, search: search).path(SessionCodingKey(intValue: count))
    }

    private mutating func put(_ value: any Encodable) {
      next()?.setLeaf(value)
    }

    mutating func encodeNil() throws { next()?.kind = .null }
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
      let path = nextPath
      try SessionEncoder.fill(next(), with: value, at: path, search: search)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      let path = nextPath
      return SessionEncoder(node: next(), codingPath: path, search: search).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let path = nextPath
      return SessionEncoder(node: next(), codingPath: path, search: search).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
      let path = nextPath
      return SessionEncoder(node: next(), codingPath: path, search: search)
    }
  }

  struct SingleValueContainer: SingleValueEncodingContainer {
    let node: SessionNode?
    let codingPath: [any CodingKey]
    let search: RedactedSearch?

    mutating func encodeNil() throws { node?.kind = .null }
    mutating func encode(_ value: Bool) throws { node?.setLeaf(value) }
    mutating func encode(_ value: String) throws { node?.setLeaf(value) }
    mutating func encode(_ value: Double) throws { node?.setLeaf(value) }
    mutating func encode(_ value: Float) throws { node?.setLeaf(value) }
    mutating func encode(_ value: Int) throws { node?.setLeaf(value) }
    mutating func encode(_ value: Int8) throws { node?.setLeaf(value) }
    mutating func encode(_ value: Int16) throws { node?.setLeaf(value) }
    mutating func encode(_ value: Int32) throws { node?.setLeaf(value) }
    mutating func encode(_ value: Int64) throws { node?.setLeaf(value) }
    mutating func encode(_ value: UInt) throws { node?.setLeaf(value) }
    mutating func encode(_ value: UInt8) throws { node?.setLeaf(value) }
    mutating func encode(_ value: UInt16) throws { node?.setLeaf(value) }
    mutating func encode(_ value: UInt32) throws { node?.setLeaf(value) }
    mutating func encode(_ value: UInt64) throws { node?.setLeaf(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
      try SessionEncoder.fill(node, with: value, at: codingPath, search: search)
    }
  }
}
