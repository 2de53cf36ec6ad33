/// The shapes of the small enum values one dump or diff has already reflected, so that each is reflected once.
///
/// A `Mirror` of an enum decodes its payload's type from its mangled name each time, which is slow. A
/// diff asks for the same values' shapes again and again as it goes down a nested enum: each level tries to
/// print its payload on one line, which reflects the next few levels, before it descends into them. An
/// indirect enum's value is a pointer to its box, so that is reflected once per level, not once per attempt.
///
/// A value is known by its type and its bytes, at most 16 of them: they determine it while it is alive (the
/// references among them point to storage that a shared value never changes), and the memo keeps each value
/// it learnt alive, so its storage cannot be freed and reused for another value meanwhile. Bytes a case
/// leaves unused may differ between equal values, which only costs a second reflection.
struct ShapeMemo {
  struct Key: Hashable {
    fileprivate var type: ObjectIdentifier
    fileprivate var low: UInt64 = 0
    fileprivate var high: UInt64 = 0
  }

  private var known: [Key: (value: Any, shape: ValueShape)] = [:]

  /// The key of `value`, or `nil` when it is too large to be known by its bytes.
  static func key(of value: Any) -> Key? {
    _openExistential(value, do: memoKey)
  }

  subscript(key: Key) -> ValueShape? {
    known[key]?.shape
  }

  mutating func remember(_ shape: ValueShape, of value: Any, as key: Key) {
    known[key] = (value, shape)
  }
}

private func memoKey<Value>(_ value: Value) -> ShapeMemo.Key? {
  guard MemoryLayout<Value>.size <= MemoryLayout<UInt64>.size * 2 else { return nil }
  var key = ShapeMemo.Key(type: ObjectIdentifier(Value.self))
  withUnsafeBytes(of: value) { source in
    withUnsafeMutableBytes(of: &key.low) { low in
      withUnsafeMutableBytes(of: &key.high) { high in
        for (offset, byte) in source.enumerated() {
          if offset < low.count { low[offset] = byte } else { high[offset - low.count] = byte }
        }
      }
    }
  }
  return key
}
