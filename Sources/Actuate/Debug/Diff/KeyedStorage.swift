/// Dictionaries and sets, paired by key rather than by position and printed in a stable
/// order so that hash-seed randomness never changes the output.
protocol KeyedStorage {
  var count: Int { get }
  var isSet: Bool { get }
  /// Entries in display order; for sets the key and value are the same element.
  func orderedEntries(fallbackKey: (Any) -> String) -> [(key: Any, value: Any)]
  /// Differences in display order, or `nil` when `other` cannot be paired with `self`.
  func steps(against other: any KeyedStorage, fallbackKey: (Any) -> String) -> [KeyedStep]?
}

enum KeyedStep {
  case unchanged(Int)
  /// Same key on both sides whose values are not known to be equal.
  case changed(key: Any, old: Any, new: Any)
  case removed(key: Any, value: Any)
  case added(key: Any, value: Any)
}

protocol KeyedReflecting {
  var isSet: Bool { get }
  var reflectedStorage: any KeyedStorage { get }
}

/// Accumulates runs of unchanged entries into single steps while walking keys in order.
struct KeyedStepBuilder {
  private(set) var steps: [KeyedStep] = []
  private var run = 0

  mutating func unchanged(_ count: Int = 1) { run += count }

  mutating func append(_ step: KeyedStep) {
    flush()
    steps.append(step)
  }

  mutating func finish() -> [KeyedStep] {
    flush()
    return steps
  }

  private mutating func flush() {
    if run > 0 { steps.append(.unchanged(run)) }
    run = 0
  }
}

extension Dictionary: KeyedReflecting, KeyedStorage {
  var isSet: Bool { false }
  var reflectedStorage: any KeyedStorage { self }

  func orderedEntries(fallbackKey: (Any) -> String) -> [(key: Any, value: Any)] {
    DynamicConformances.stableOrder(Array(keys), fallbackKey: { fallbackKey($0) })
      .map { ($0, self[$0]!) }
  }

  func steps(against other: any KeyedStorage, fallbackKey: (Any) -> String) -> [KeyedStep]? {
    guard let other = other as? [Key: Value] else { return nil }
    let equal = EquatableValues.equality(for: Value.self)
    var differing: [Key] = []
    var matched = 0
    for (key, value) in self {
      guard let newValue = other[key] else {
        differing.append(key)
        continue
      }
      matched += 1
      if let equal, equal(value, newValue) { continue }
      differing.append(key)
    }
    if other.count > matched {
      for key in other.keys where index(forKey: key) == nil { differing.append(key) }
    }
    return KeyedStepBuilder.steps(
      differing: differing, allOldKeys: keys, count: count,
      fallbackKey: fallbackKey
    ) { key in
      switch (self[key], other[key]) {
      case (let old?, let new?): .changed(key: key, old: old, new: new)
      case (let old?, nil): .removed(key: key, value: old)
      case (nil, let new?): .added(key: key, value: new)
      case (nil, nil): nil
      }
    }
  }
}

extension Set: KeyedReflecting, KeyedStorage {
  var isSet: Bool { true }
  var reflectedStorage: any KeyedStorage { self }

  func orderedEntries(fallbackKey: (Any) -> String) -> [(key: Any, value: Any)] {
    DynamicConformances.stableOrder(Array(self), fallbackKey: { fallbackKey($0) }).map { ($0, $0) }
  }

  func steps(against other: any KeyedStorage, fallbackKey: (Any) -> String) -> [KeyedStep]? {
    guard let other = other as? Set<Element> else { return nil }
    let removed = subtracting(other)
    let added = other.subtracting(self)
    return KeyedStepBuilder.steps(
      differing: Array(removed) + Array(added), allOldKeys: self, count: count,
      fallbackKey: fallbackKey
    ) { element in
      removed.contains(element) ? .removed(key: element, value: element) : .added(key: element, value: element)
    }
  }
}

extension KeyedStepBuilder {
  /// Orders only the differing keys and counts the unchanged ones falling between each
  /// pair of them, so a small change to a large dictionary costs one pass plus
  /// O(n log k) comparisons rather than a full sort.
  static func steps<Key: Hashable>(
    differing: [Key], allOldKeys: some Sequence<Key>, count: Int,
    fallbackKey: (Any) -> String, step: (Key) -> KeyedStep?
  ) -> [KeyedStep] {
    guard !differing.isEmpty else { return count > 0 ? [.unchanged(count)] : [] }
    let less: (Key, Key) -> Bool
    if let typed = DynamicConformances.typedLess(Key.self) {
      less = typed
    } else {
      var texts: [Key: String] = [:]
      for key in differing { texts[key] = fallbackKey(key) }
      for key in allOldKeys where texts[key] == nil { texts[key] = fallbackKey(key) }
      let frozen = texts
      less = { frozen[$0]! < frozen[$1]! }
    }
    let sorted = differing.sorted(by: less)
    let differingSet = Set(differing)
    var gaps = [Int](repeating: 0, count: sorted.count + 1)
    for key in allOldKeys where !differingSet.contains(key) {
      var low = 0
      var high = sorted.count
      while low < high {
        let middle = (low + high) / 2
        if less(sorted[middle], key) { low = middle + 1 } else { high = middle }
      }
      gaps[low] += 1
    }
    var builder = KeyedStepBuilder()
    for (offset, key) in sorted.enumerated() {
      builder.unchanged(gaps[offset])
      if let step = step(key) { builder.append(step) }
    }
    builder.unchanged(gaps[sorted.count])
    return builder.finish()
  }
}

/// Keyed collections known only through `Mirror`, such as custom dictionary-like types.
struct MirroredKeyedStorage: KeyedStorage {
  var entries: [(key: Any, value: Any)]
  var isSet = false

  var count: Int { entries.count }

  func orderedEntries(fallbackKey: (Any) -> String) -> [(key: Any, value: Any)] {
    let keys = entries.map { fallbackKey($0.key) }
    return keys.indices.sorted { keys[$0] < keys[$1] }.map { entries[$0] }
  }

  func steps(against other: any KeyedStorage, fallbackKey: (Any) -> String) -> [KeyedStep]? {
    guard let other = other as? MirroredKeyedStorage, other.isSet == isSet,
      let oldIndex = Self.index(entries), let newIndex = Self.index(other.entries)
    else { return nil }
    var order: [(text: String, hash: AnyHashable, key: Any)] = []
    for entry in entries { order.append((fallbackKey(entry.key), entry.key as! AnyHashable, entry.key)) }
    for entry in other.entries where oldIndex[entry.key as! AnyHashable] == nil {
      order.append((fallbackKey(entry.key), entry.key as! AnyHashable, entry.key))
    }
    order.sort { $0.text < $1.text }
    var builder = KeyedStepBuilder()
    for item in order {
      switch (oldIndex[item.hash], newIndex[item.hash]) {
      case (let old?, let new?):
        let oldValue = entries[old].value
        let newValue = other.entries[new].value
        if isSet || EquatableValues.areEqual(oldValue, newValue) == true {
          builder.unchanged()
        } else {
          builder.append(.changed(key: item.key, old: oldValue, new: newValue))
        }
      case (let old?, nil): builder.append(.removed(key: item.key, value: entries[old].value))
      case (nil, let new?): builder.append(.added(key: item.key, value: other.entries[new].value))
      case (nil, nil): break
      }
    }
    return builder.finish()
  }

  /// `nil` when some key is not `Hashable`, in which case entries cannot be paired.
  private static func index(_ entries: [(key: Any, value: Any)]) -> [AnyHashable: Int]? {
    var index: [AnyHashable: Int] = [:]
    for (offset, entry) in entries.enumerated() {
      guard let hashable = entry.key as? AnyHashable else { return nil }
      index[hashable] = offset
    }
    return index
  }
}
